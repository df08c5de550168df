// Random health commands for the property tests of every system: damage and healing (one target or
// an area), maxima (wounds and strain tracks too), temporary hit points, death saves, and the GM
// changing what the table sees. Invalid values and tracks are in the mix: refusals must say why.
import fc from 'fast-check';
import type { Actor, Command, EncounterState } from '../src/index.js';

type Weighted = { readonly weight: number; readonly arbitrary: fc.Arbitrary<Command> };

/** The blind health commands, their weights scaled by `scale` (a system whose runs must still reach its own facts). */
export function healthCommands(ids: fc.Arbitrary<string>, scale = 1): readonly Weighted[] {
  const amount = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.constantFrom(0, 10_000, 2.5) });
  // Mostly the system's default track; now and then one it may not count.
  const track = fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constantFrom('hp', 'wounds', 'strain') });
  const targets = fc.oneof(
    { weight: 3, arbitrary: fc.record({ combatantId: ids, amount }).map((t) => [t]) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.record({ combatantId: ids, amount }), { minLength: 2, maxLength: 3, selector: (t) => t.combatantId }) },
  );
  const withTrack = <T extends object>(r: T, t: string | undefined) => (t === undefined ? r : { ...r, track: t });
  const list: Weighted[] = [
    {
      weight: 24,
      arbitrary: fc
        .record({ combatantIds: fc.uniqueArray(ids, { minLength: 1, maxLength: 2 }), max: fc.integer({ min: 0, max: 15 }), track })
        .map(({ track: t, ...r }) => withTrack({ type: 'set-max-health', ...r }, t) as Command),
    },
    {
      weight: 16,
      arbitrary: fc
        .record({ targets, critical: fc.boolean(), track })
        .map(({ targets: list, critical, track: t }) =>
          withTrack({ type: 'apply-damage', targets: list.map((x, i) => (critical && i === 0 ? { ...x, critical } : x)) }, t) as Command,
        ),
    },
    {
      weight: 8,
      arbitrary: fc.record({ targets, track }).map(({ targets: list, track: t }) => withTrack({ type: 'apply-healing', targets: list }, t) as Command),
    },
    {
      weight: 4,
      arbitrary: fc
        .uniqueArray(fc.record({ combatantId: ids, amount: fc.integer({ min: 0, max: 8 }) }), { minLength: 1, maxLength: 3, selector: (t) => t.combatantId })
        .map((list) => ({ type: 'set-temp-health', targets: list }) as const),
    },
    {
      weight: 6,
      arbitrary: fc
        .record({ combatantId: ids, face: fc.option(fc.integer({ min: 0, max: 21 }), { nil: undefined }) })
        .map(({ combatantId, face }) => ({ type: 'dnd5e-death-save', combatantId, ...(face === undefined ? {} : { face }) }) as const),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          npcHealthView: fc.constantFrom('numbers', 'states', 'none'),
          partyHealthView: fc.constantFrom('numbers', 'states', 'none'),
          playersDamageHeal: fc.boolean(),
        })
        .map((options) => ({ type: 'set-options', options }) as const),
    },
  ];
  return list.map((w) => ({ ...w, weight: Math.max(1, Math.round(w.weight * scale)) }));
}

/**
 * A health command aimed at who is really there (blind ids rarely hit a combatant with health):
 * a maximum for one without, else damage (now and then critical, or an area of two), healing, or a
 * death save for one at 0. From the GM, or from the combatant's own player.
 */
export function aimedHealth(state: EncounterState, shuffle: number, actor: Actor): { readonly command: Command; readonly actor: Actor } {
  const present = state.combatants;
  const c = present[shuffle % Math.max(present.length, 1)];
  if (!c) return { command: { type: 'end-turn' }, actor };
  const by: Actor = actor.role === 'gm' ? actor : { role: 'player', combatantIds: [c.id] };
  const health = c.health ?? state.groups.find((g) => g.id === c.groupId)?.health ?? null;
  if (health === null) return { command: { type: 'set-max-health', combatantIds: [c.id], max: 3 + (shuffle % 9) }, actor: { role: 'gm' } };
  const amount = 1 + ((shuffle >> 3) % 9);
  const atZero = health.kind === 'hit-points' && health.current <= 0;
  if (atZero && c.side === 'pc' && shuffle % 2 === 0) {
    return { command: { type: 'dnd5e-death-save', combatantId: c.id, face: 1 + ((shuffle >> 10) % 20) }, actor: by };
  }
  switch ((shuffle >> 7) % 6) {
    case 0:
      return { command: { type: 'apply-healing', targets: [{ combatantId: c.id, amount }] }, actor: by };
    case 1:
      return atZero
        ? { command: { type: 'dnd5e-death-save', combatantId: c.id, face: 1 + ((shuffle >> 10) % 20) }, actor: by }
        : { command: { type: 'set-temp-health', targets: [{ combatantId: c.id, amount }] }, actor: { role: 'gm' } };
    case 2: {
      const other = present[(shuffle >> 4) % present.length];
      const targets = other && other.id !== c.id ? [{ combatantId: c.id, amount }, { combatantId: other.id, amount }] : [{ combatantId: c.id, amount }];
      return { command: { type: 'apply-damage', targets }, actor: { role: 'gm' } };
    }
    default:
      return { command: { type: 'apply-damage', targets: [{ combatantId: c.id, amount, ...(shuffle % 5 === 0 ? { critical: true } : {}) }] }, actor: by };
  }
}
