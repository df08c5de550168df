// [DND-10] The optional roll-off: "the tied parties can roll a d20 each to determine the order,
// highest roll going first". Server dice only; units that tie again re-roll among themselves.
// With real dice the table rolls off aloud and enters the order with 'resolve-tie'.
import { requirePhase } from '../../core/decide/context.js';
import { DND5E_COMMAND_PHASES } from './phases.js';
import type { Actor } from '../../core/commands.js';
import { rollDie } from '../../core/dice/rng.js';
import type { EncounterState, RngState, UnitRef } from '../../core/model.js';
import type { Decision, ServerDraw } from '../../core/system.js';
import type { SystemEvent } from '../../core/system-types.js';
import { D20 } from './initiative.js';
import type { RollOffThrow } from './state.js';
import { matchTie, mayOrderTie } from './ties.js';

export interface RollOffResult {
  readonly throws: readonly (readonly RollOffThrow[])[];
  readonly order: readonly UnitRef[];
  readonly rng: RngState;
}

/**
 * Everyone in `units` rolls a d20 in the given order; each set of equal faces, highest first, rolls
 * again among itself until every place is settled. Throws are listed in the order their dice were drawn.
 */
export function rollOff(rng: RngState, units: readonly UnitRef[]): RollOffResult {
  let current = rng;
  const throws: RollOffThrow[][] = [];
  const settle = (tied: readonly UnitRef[]): UnitRef[] => {
    const thrown = tied.map((unit) => {
      const r = rollDie(current, D20);
      current = r.rng;
      return { unit, die: { sides: D20, face: r.face } };
    });
    throws.push(thrown);
    const faces = [...new Set(thrown.map((t) => t.die.face))].sort((a, b) => b - a);
    return faces.flatMap((face) => {
      const same = thrown.filter((t) => t.die.face === face).map((t) => t.unit);
      return same.length === 1 ? same : settle(same);
    });
  };
  const order = settle(units);
  return { throws, order, rng: current };
}

/** 'dnd5e-roll-off': whoever may order the tie (DND-8) may roll it off instead. */
export function decideRollOff(state: EncounterState, units: readonly UnitRef[], actor: Actor): Decision {
  const refused = mayOrderTie(state, units, actor) ?? requirePhase(state, DND5E_COMMAND_PHASES['dnd5e-roll-off'], 'roll off a tie');
  if (refused) return refused;
  const tie = matchTie(state, units);
  if ('ok' in tie) return tie;
  const { throws, order, rng } = rollOff(state.dice.rng, units);
  return {
    ok: true,
    events: [
      { type: 'dnd5e-rolled-off', units, throws, rng },
      { type: 'tie-resolved', order },
    ],
  };
}

/** [ENG-22] The roll-off's dice, in the order drawn, for `verifyDice`. */
export function rollOffDice(event: SystemEvent): ServerDraw | undefined {
  if (event.type !== 'dnd5e-rolled-off') return undefined;
  return { dice: event.throws.flatMap((t) => t.map((x) => x.die)), rng: event.rng };
}
