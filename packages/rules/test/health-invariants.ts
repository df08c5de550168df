// [ENG-28] [ENG-32] [DND-21] [GEN-40] What the property tests check of health after every step: no audience
// gets a number it may not see, and a player's refusal never tells a hidden combatant from none.
import { expect } from 'vitest';
import {
  decide,
  healthOptionsOf,
  project,
  type Actor,
  type Audience,
  type Command,
  type EncounterState,
  type HealthViewMode,
} from '../src/index.js';

/** How `audience` may see the health of these combatants of `side`, restated from ENG-32. */
function expectedSight(state: EncounterState, audience: Audience, side: string, ids: readonly string[]): HealthViewMode {
  if (audience.role === 'gm') return 'numbers';
  if (audience.role === 'player' && ids.some((id) => audience.combatantIds.includes(id))) return 'numbers';
  const options = healthOptionsOf(state);
  return side === 'pc' ? options.partyHealthView : options.npcHealthView;
}

/** The audiences worth checking: the spectator, each PC's player, and a player of a non-PC. */
function audiences(state: EncounterState): readonly Audience[] {
  const pcs = state.combatants.filter((c) => c.side === 'pc').map((c) => ({ role: 'player', combatantIds: [c.id] }) as const);
  const other = state.combatants.find((c) => c.side !== 'pc');
  return [{ role: 'spectator' }, ...pcs, ...(other ? [{ role: 'player', combatantIds: [other.id] } as const] : [])];
}

/** [ENG-32] Every health in every non-GM view is exactly what its sight allows: numbers, a state, or nothing. */
export function expectHealthSeen(state: EncounterState): void {
  for (const audience of audiences(state)) {
    const view = project(state, audience);
    for (const cv of view.combatants) {
      const c = state.combatants.find((x) => x.id === cv.id);
      if (!c) throw new Error(`view of a combatant that does not exist: ${cv.id}`);
      const sight = expectedSight(state, audience, c.side, [c.id]);
      if (c.health === null || sight === 'none') expect(cv.health).toBeUndefined();
      else if (sight === 'states') expect(Object.keys(cv.health ?? {}).sort()).toEqual(['shown', 'state']);
      else expect(cv.health).toMatchObject({ shown: 'numbers', health: c.health });
      if (sight !== 'numbers') expect(JSON.stringify(cv)).not.toMatch(/"kind":"(hit-points|wounds)"/);
    }
    for (const gv of view.groups) {
      const g = state.groups.find((x) => x.id === gv.id);
      const members = state.combatants.filter((x) => x.groupId === gv.id).map((x) => x.id);
      const sight = g ? expectedSight(state, audience, g.side, members) : 'none';
      if (!g?.health || sight === 'none') expect(gv.health).toBeUndefined();
      else if (sight === 'states') expect(Object.keys(gv.health ?? {}).sort()).toEqual(['shown', 'state']);
      else expect(gv.health).toMatchObject({ shown: 'numbers', health: g.health });
    }
    const ext = view.ext;
    if (ext?.system === 'dnd5e') {
      for (const saves of ext.deathSaves) {
        const c = state.combatants.find((x) => x.id === saves.combatantId);
        expect(c && expectedSight(state, audience, c.side, [c.id])).toBe('numbers');
      }
    }
    if (ext?.system === 'genesys') {
      for (const id of ext.mayRecoverStrain) {
        const c = state.combatants.find((x) => x.id === id);
        expect(c && expectedSight(state, audience, c.side, [c.id])).toBe('numbers');
      }
    }
  }
}

const UNKNOWN = 'c-nobody';

/** The health commands a player could send naming `id`, with another target of theirs beside it. */
const naming = (id: string, own: string): readonly Command[] => [
  { type: 'apply-damage', targets: [{ combatantId: id, amount: 2 }] },
  { type: 'apply-healing', targets: [{ combatantId: own, amount: 1 }, { combatantId: id, amount: 1 }] },
  { type: 'set-max-health', combatantIds: [id], max: 5 },
  { type: 'set-temp-health', targets: [{ combatantId: id, amount: 3 }] },
  { type: 'dnd5e-death-save', combatantId: id, face: 10 },
];

const swap = (command: Command, from: string, to: string): Command => JSON.parse(JSON.stringify(command).replaceAll(`"${from}"`, `"${to}"`)) as Command;

/** [ENG-28] A player naming a hidden combatant (even their own) gets exactly the refusal for one that does not exist. */
export function expectHiddenRefusedAsUnknown(state: EncounterState): void {
  const hidden = state.combatants.filter((c) => c.hidden);
  const own = state.combatants.find((c) => c.side === 'pc' && !c.hidden)?.id ?? 'c1';
  for (const h of hidden) {
    const players: Actor[] = [{ role: 'player', combatantIds: [own] }, { role: 'player', combatantIds: [own, h.id] }];
    for (const actor of players) {
      for (const command of naming(h.id, own)) {
        const asHidden = decide(state, command, actor);
        const asUnknown = decide(state, swap(command, h.id, UNKNOWN), actor);
        expect(asHidden.ok).toBe(false);
        expect(asHidden.ok ? undefined : asHidden.violation).toEqual(asUnknown.ok ? undefined : asUnknown.violation);
      }
    }
  }
}
