// [ENG-32] A system's own health detail in its view (D&D 5e death saves, Genesys's who-may-recover-strain)
// follows the same sight as the numbers: over every pair of health views, every audience and random
// casts, the ext names a combatant exactly when that audience sees the combatant's numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createEncounter,
  healthSight,
  HEALTH_VIEWS,
  project,
  replay,
  type Audience,
  type Command,
  type CombatantId,
  type EncounterState,
  type SystemViewExt,
} from '../src/index.js';
import { mayRecover } from '../src/systems/genesys/strain.js';
import { act, add, COMMITMENT, SEED } from './harness.js';

interface Cast {
  readonly side: 'pc' | 'enemy' | 'npc';
  readonly hidden: boolean;
  readonly max: number;
  readonly damage: number;
  readonly strain: number;
}

const castArb = fc.array(
  fc.record({
    side: fc.constantFrom('pc', 'enemy', 'npc'),
    hidden: fc.boolean(),
    max: fc.integer({ min: 5, max: 15 }),
    damage: fc.integer({ min: 0, max: 20 }),
    strain: fc.integer({ min: 0, max: 12 }),
  }),
  { minLength: 1, maxLength: 6 },
);
const viewArb = fc.constantFrom(...HEALTH_VIEWS);

/** Every audience worth checking: the spectator, each combatant's lone player, and one seat holding two. */
function audiences(state: EncounterState): readonly Audience[] {
  const seats = state.combatants.map((c) => ({ role: 'player', combatantIds: [c.id] }) as const);
  const pair = state.combatants.slice(0, 2).map((c) => c.id);
  return [{ role: 'gm' }, { role: 'spectator' }, ...seats, { role: 'player', combatantIds: pair }];
}

/** Who the audience may see the health numbers of (ENG-32), among those it may see at all (ENG-6). */
const numbersSeen = (state: EncounterState, audience: Audience, id: CombatantId): boolean => {
  const c = state.combatants.find((x) => x.id === id);
  if (!c || (audience.role !== 'gm' && c.hidden)) return false;
  return healthSight(state, audience, { side: c.side, combatantIds: [c.id] }) === 'numbers';
};

/** The combatants a system's ext names for their health. */
function healthDetail(ext: SystemViewExt | null): readonly CombatantId[] {
  if (ext?.system === 'dnd5e') return ext.deathSaves.map((d) => d.combatantId);
  if (ext?.system === 'genesys') return ext.mayRecoverStrain;
  return [];
}

/** Adds the cast with health, hurts it, and (genesys) ends the encounter, where strain is recovered. */
function play(system: 'dnd5e' | 'genesys', cast: readonly Cast[], party: string, npc: string, end: boolean): EncounterState {
  const options = { partyHealthView: party, npcHealthView: npc };
  let s = replay([createEncounter({ id: 'enc-h', name: 'Sight', system, seed: SEED, seedCommitment: COMMITMENT, options })]);
  cast.forEach((c, i) => {
    const strain = system === 'genesys' && c.side === 'pc' ? { strain: c.max } : {};
    s = act(s, add(`C${i + 1}`, c.side, { hidden: c.hidden, health: { max: c.max, ...strain } })).state;
  });
  s.combatants.forEach((c, i) => {
    const { damage, strain } = cast[i] ?? { damage: 0, strain: 0 };
    const hurt = (amount: number, track?: 'strain'): Command => ({ type: 'apply-damage', targets: [{ combatantId: c.id, amount }], ...(track ? { track } : {}) });
    if (damage > 0) s = act(s, hurt(damage)).state;
    if (system === 'genesys' && strain > 0) s = act(s, hurt(strain, 'strain')).state;
  });
  return end ? act(s, { type: 'end-encounter' }).state : s;
}

describe('a system’s own health detail follows the numbers’ sight', () => {
  for (const system of ['dnd5e', 'genesys'] as const) {
    let named = 0;
    it(`[ENG-32] [DND-21] [GEN-40] ${system}: the ext names exactly the combatants whose numbers the audience sees`, () => {
      fc.assert(
        fc.property(castArb, viewArb, viewArb, fc.boolean(), (cast, party, npc, end) => {
          const s = play(system, cast, party, npc, system === 'genesys' || end);
          // What the GM's ext names is the whole detail: the other audiences get its visible part.
          const all = healthDetail(project(s, { role: 'gm' }).ext);
          if (system === 'genesys') expect([...all].sort()).toEqual([...mayRecover(s)].sort());
          named += all.length;
          for (const audience of audiences(s)) {
            const named = healthDetail(project(s, audience).ext);
            expect([...named].sort()).toEqual(all.filter((id) => numbersSeen(s, audience, id)).sort());
          }
        }),
        { numRuns: 150 },
      );
      // Not vacuous: the runs did put dying PCs, or PCs with strain to recover, in the views.
      expect(named).toBeGreaterThan(0);
    });
  }
});
