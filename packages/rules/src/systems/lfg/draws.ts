// [LFG-1] [ENG-21] Dice for lfg's own checks: the encounter's generator, or faces read from real dice
// where the `physicalDice` option lets this actor enter them. Checks are d20s, drawn in order.
import type { Actor } from '../../core/commands.js';
import { readFaces, rollSpecs } from '../../core/dice/spec.js';
import type { DieFace, EncounterState, RngState, RollMode } from '../../core/model.js';
import { physicalDiceOf } from '../../core/options.js';
import { violation, type RuleViolation } from '../../core/violations.js';
import { checkDice, scoreCheck, type CheckInput } from './check.js';
import type { CheckResult } from './types.js';

export interface Drawn {
  readonly dice: readonly DieFace[];
  readonly rng: RngState;
  readonly source: 'server' | 'physical';
}

/** `count` d20s: rolled by the server, or `entered` by a person allowed to. */
export function drawD20s(
  state: EncounterState,
  actor: Actor,
  count: number,
  entered: readonly number[] | undefined,
): Drawn | RuleViolation {
  const specs = [{ sides: checkDice().sides, count }];
  if (entered === undefined) {
    const { faces, rng } = rollSpecs(state.dice.rng, specs);
    return { dice: faces, rng, source: 'server' };
  }
  const allowed = physicalDiceOf(state);
  if (allowed === 'off') return violation('not-supported', 'This encounter takes no physical dice: roll in the app.');
  if (allowed === 'gm' && actor.role !== 'gm') return violation('gm-only', 'Only the GM can enter physical dice in this encounter.');
  const read = readFaces(specs, entered);
  if (typeof read === 'string') return violation('invalid-dice', read);
  return { dice: read, rng: state.dice.rng, source: 'physical' };
}

export const isViolation = (x: Drawn | RuleViolation): x is RuleViolation => 'code' in x;

/** How many d20s one check takes under `mode`. */
export const diceFor = (mode: RollMode | undefined): number => checkDice(mode).count;

/** Scores consecutive checks from one draw: each takes its own dice, in order. */
export function scoreChecks(dice: readonly DieFace[], inputs: readonly CheckInput[]): readonly CheckResult[] {
  let at = 0;
  return inputs.map((input) => {
    const n = diceFor(input.mode);
    const faces = dice.slice(at, at + n).map((d) => d.face);
    at += n;
    return scoreCheck(faces, input);
  });
}
