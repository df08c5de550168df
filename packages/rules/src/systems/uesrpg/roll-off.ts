// [UES-11] Contested Luck rolls settle a tie of PCs the chain could not break: each rolls a d100 under
// its Luck, re-rolling among those still tied; the faces and the resulting order go into one event.
import { UESRPG_COMMAND_PHASES } from './phases.js';
import type { Actor } from '../../core/commands.js';
import { accept, refuse, requirePhase } from '../../core/decide/context.js';
import type { DieFace, EncounterState, UnitRef } from '../../core/model.js';
import type { Decision, ServerDraw } from '../../core/system.js';
import { sameUnit, unitInfo, unitKey } from '../../core/units.js';
import type { UesrpgEvent } from './events.js';
import { luckCharacteristic } from './ratings.js';
import { finalTies, LUCK_DIE, settleLuckContest } from './ties.js';

export function rollOffLuck(state: EncounterState, actor: Actor, units: readonly UnitRef[]): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM calls for contested Luck rolls.');
  const wrong = requirePhase(state, UESRPG_COMMAND_PHASES['uesrpg-roll-off-luck'], 'settle a tie');
  if (wrong) return wrong;
  const distinct = new Set(units.map(unitKey));
  const tie = finalTies(state).find(
    (t) => t.units.length === units.length && distinct.size === units.length && units.every((u) => t.units.some((x) => sameUnit(x, u))),
  );
  if (!tie) return refuse('not-a-tie', 'Those units are not one of the ties waiting to be settled: list every unit of that tie once.');
  if (!tie.resolutions.includes('luck-roll-off')) {
    return refuse('not-supported', 'Only player characters have Luck to roll: the GM orders this tie.');
  }
  const contestants = units.flatMap((ref) => {
    const info = unitInfo(state, ref);
    const luck = info ? luckCharacteristic(info.side, info.members[0]?.stats ?? {}) : null;
    return luck === null ? [] : [{ unit: ref, luck }];
  });
  const settled = settleLuckContest(contestants, state.dice.rng);
  return accept([{ type: 'uesrpg-luck-rolled', units, rolls: settled.rolls, order: settled.order, rng: settled.rng }]);
}

/** [ENG-22] The d100s of a roll-off, for `verifyDice`. */
export function serverDice(event: UesrpgEvent): ServerDraw | undefined {
  if (event.type !== 'uesrpg-luck-rolled') return undefined;
  const dice: DieFace[] = event.rolls.map((r) => ({ sides: LUCK_DIE, face: r.face }));
  return { dice, rng: event.rng };
}
