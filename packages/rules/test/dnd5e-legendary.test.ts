// Legendary and lair actions (SRD 5.1, "Legendary Creatures"): properties over random fights, and the
// refusals one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../src/index.js';
import { projectDnd5eFor } from './dnd5e-legendary-harness.js';
import { act, add, GM, newEncounter, player, refusal, run, scripted } from './harness.js';

const DRAGON = 'c1';

/** A dragon (c1) with `legendary` actions (and a lair), and `others` lone creatures, each with the given totals. */
function fight(legendary: number, totals: readonly number[], lair = false): EncounterState {
  let s = newEncounter();
  s = run(s, add('Dragon', 'enemy', { stats: { dex: 10, legendaryActions: legendary, ...(lair ? { lairActions: 1 } : {}) } }));
  for (let i = 1; i < totals.length; i += 1) s = run(s, add(`Hero ${i}`, 'pc', { stats: { dex: 10 } }));
  s = run(s, { type: 'begin-initiative' });
  totals.forEach((t, i) => (s = scripted(s, `c${i + 1}`, t)));
  // Equal totals are people's to order (DND-8): the display order settles them here.
  const tie = s.combatants.filter((c, i) => s.combatants.some((d, j) => j !== i && d.initiative?.total === c.initiative?.total));
  if (tie.length > 0) s = orderAllTies(s);
  return run(s, { type: 'start-combat' });
}

function orderAllTies(s: EncounterState): EncounterState {
  const byTotal = new Map<number, string[]>();
  for (const c of s.combatants) byTotal.set(c.initiative!.total, [...(byTotal.get(c.initiative!.total) ?? []), c.id]);
  let state = s;
  for (const ids of byTotal.values()) {
    if (ids.length > 1) state = run(state, { type: 'resolve-tie', order: ids.map((id) => ({ kind: 'combatant', id }) as const) });
  }
  return state;
}

const legendaryView = (s: EncounterState) => projectDnd5eFor(s).legendary.find((l) => l.combatantId === DRAGON);
const totalOf = (s: EncounterState, slotIndex: number): number => {
  const slot = s.slots[slotIndex]!;
  const id = slot.filler.kind === 'unit' ? slot.filler.unit.id : '';
  return s.combatants.find((c) => c.id === id)!.initiative!.total;
};

type Step = { kind: 'end-turn' } | { kind: 'legendary'; cost: number } | { kind: 'lair' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'end-turn' } as const),
  fc.integer({ min: 1, max: 3 }).map((cost) => ({ kind: 'legendary', cost }) as const),
  fc.constant({ kind: 'lair' } as const),
);

describe('legendary and lair actions over random fights', () => {
  it('[DND-27] [DND-28] [DND-29] [DND-30] never more than N between its turn starts, never on its own turn, one a turn, all back at its turn start; the lair once a round on count 20, losing ties', () => {
    let accepted = 0;
    let lairs = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 2, maxLength: 6 }),
        fc.array(step, { minLength: 1, maxLength: 60 }),
        (n, totals, steps) => {
          let s = fight(n, totals, true);
          let spentSinceOwnTurn = 0;
          let turnsSpentOn = new Set<string>();
          const lairRounds = new Set<number>();
          for (const st of steps) {
            const before = s;
            const command =
              st.kind === 'end-turn'
                ? ({ type: 'end-turn' } as const)
                : st.kind === 'legendary'
                  ? ({ type: 'dnd5e-legendary-action', combatantId: DRAGON, cost: st.cost } as const)
                  : ({ type: 'dnd5e-lair-action', combatantId: DRAGON } as const);
            const ownTurn = before.turn?.actorIds.includes(DRAGON) ?? false;
            const turnKey = `${before.round}:${before.turn?.slotId}`;
            if (st.kind === 'legendary') {
              // The model: allowed exactly when not its turn, enough left, and none yet at this turn's end.
              const allowed = !ownTurn && spentSinceOwnTurn + st.cost <= n && !turnsSpentOn.has(turnKey);
              const d = (() => {
                try {
                  return { ok: true as const, state: act(before, command).state };
                } catch {
                  return { ok: false as const };
                }
              })();
              expect(d.ok).toBe(allowed);
              if (d.ok) {
                accepted += 1;
                s = d.state;
                spentSinceOwnTurn += st.cost;
                turnsSpentOn.add(turnKey);
                expect(spentSinceOwnTurn).toBeLessThanOrEqual(n);
                expect(legendaryView(s)?.left).toBe(n - spentSinceOwnTurn);
              }
              continue;
            }
            if (st.kind === 'lair') {
              const index = before.slots.findIndex((sl) => sl.id === before.turn?.slotId);
              const firstBelow = before.slots.findIndex((_, i) => totalOf(before, i) < 20);
              const atCount20 = firstBelow === -1 ? index === before.slots.length - 1 : index === firstBelow;
              const allowed = atCount20 && !lairRounds.has(before.round);
              const d = refusalOrState(before, command);
              expect(d.ok).toBe(allowed);
              if (d.ok) {
                lairs += 1;
                s = d.state;
                lairRounds.add(before.round);
                // Losing ties: every slot before this turn rolled 20 or more, this one (if any is below) less.
                for (let i = 0; i < index; i += 1) expect(totalOf(before, i)).toBeGreaterThanOrEqual(20);
                if (firstBelow !== -1) expect(totalOf(before, index)).toBeLessThan(20);
              }
              continue;
            }
            s = run(before, command);
            if (s.turn?.actorIds.includes(DRAGON) && !(before.turn?.actorIds.includes(DRAGON) && before.round === s.round)) {
              // Its own turn started: every legendary action is back.
              spentSinceOwnTurn = 0;
              turnsSpentOn = new Set();
              expect(legendaryView(s)?.left).toBe(n);
            }
          }
        },
      ),
      { numRuns: 300, seed: 27 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(lairs).toBeGreaterThan(10);
  });
});

function refusalOrState(s: EncounterState, command: Parameters<typeof act>[1]) {
  try {
    return { ok: true as const, state: act(s, command).state };
  } catch {
    return { ok: false as const };
  }
}

describe('legendary actions, the refusals', () => {
  // Dragon 15, Hero 1 at 10: the dragon's turn first.
  const start = () => fight(3, [15, 10]);

  it('[DND-28] not on its own turn, and at the end of another creature’s turn', () => {
    const s = start();
    expect(refusal(s, { type: 'dnd5e-legendary-action', combatantId: DRAGON }).code).toBe('dnd5e-legendary-own-turn');
    const heroTurn = run(s, { type: 'end-turn' });
    const after = run(heroTurn, { type: 'dnd5e-legendary-action', combatantId: DRAGON, cost: 2 });
    expect(legendaryView(after)).toEqual({ combatantId: DRAGON, max: 3, left: 1 });
    expect(refusal(after, { type: 'dnd5e-legendary-action', combatantId: DRAGON }).code).toBe('dnd5e-legendary-one-at-a-time');
  });

  it('[DND-27] no more than it has; [DND-29] all back when its turn starts', () => {
    let s = fight(3, [15, 10, 5]);
    s = run(s, { type: 'end-turn' });
    s = run(s, { type: 'dnd5e-legendary-action', combatantId: DRAGON, cost: 2 });
    s = run(s, { type: 'end-turn' });
    const r = refusal(s, { type: 'dnd5e-legendary-action', combatantId: DRAGON, cost: 2 });
    expect(r.code).toBe('dnd5e-legendary-none-left');
    expect(r.message).toBe('Dragon has 1 legendary action left until its next turn, not 2.');
    s = run(s, { type: 'dnd5e-legendary-action', combatantId: DRAGON });
    expect(legendaryView(s)?.left).toBe(0);
    const { state, events } = act(s, { type: 'end-turn' });
    expect(events.map((e) => e.type)).toContain('dnd5e-legendary-regained');
    expect(legendaryView(state)?.left).toBe(3);
  });

  it('[DND-27] refused to a creature without them, to a player, when incapacitated or surprised before its first turn', () => {
    const s = run(start(), { type: 'end-turn' });
    expect(refusal(s, { type: 'dnd5e-legendary-action', combatantId: 'c2' }).code).toBe('dnd5e-not-legendary');
    expect(refusal(s, { type: 'dnd5e-legendary-action', combatantId: DRAGON }, player('c2')).code).toBe('gm-only');
    const stunned = run(s, { type: 'add-condition', combatantId: DRAGON, name: 'Stunned' });
    expect(refusal(stunned, { type: 'dnd5e-legendary-action', combatantId: DRAGON }).message).toBe('Dragon is stunned and cannot take legendary actions.');

    // Surprised, the dragon rolled low: in round 1 the hero acts first, and the dragon cannot answer yet.
    let surprised = newEncounter();
    surprised = run(surprised, add('Dragon', 'enemy', { stats: { dex: 10, legendaryActions: 3 } }));
    surprised = run(surprised, add('Hero', 'pc', { stats: { dex: 10 } }));
    surprised = run(surprised, { type: 'dnd5e-set-surprised', combatantId: DRAGON, surprised: true });
    surprised = run(surprised, { type: 'begin-initiative' });
    surprised = run(scripted(scripted(surprised, 'c1', 5), 'c2', 15), { type: 'start-combat' }, GM);
    expect(refusal(surprised, { type: 'dnd5e-legendary-action', combatantId: DRAGON }).code).toBe('dnd5e-legendary-unable');
  });

  it('[DND-30] the lair acts on count 20 after a creature that rolled 20, once a round', () => {
    // Hero 1 rolled 20, the dragon 12: Hero 1, then count 20 (the lair), then the dragon.
    let s = fight(3, [12, 20], true);
    expect(projectDnd5eFor(s).lair).toEqual({ slotId: s.slots[1]!.id, usedThisRound: false });
    expect(refusal(s, { type: 'dnd5e-lair-action', combatantId: DRAGON }).code).toBe('dnd5e-lair-not-now');
    s = run(s, { type: 'end-turn' });
    s = run(s, { type: 'dnd5e-lair-action', combatantId: DRAGON });
    expect(projectDnd5eFor(s).lair?.usedThisRound).toBe(true);
    expect(refusal(s, { type: 'dnd5e-lair-action', combatantId: DRAGON }).code).toBe('dnd5e-lair-used');
    expect(refusal(s, { type: 'dnd5e-lair-action', combatantId: 'c2' }).code).toBe('dnd5e-no-lair');
  });
});
