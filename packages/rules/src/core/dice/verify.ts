// [ENG-22] verifyDice: re-checks every server roll of a finished encounter from its log. The
// sha256(seed) = seedCommitment check is NOT done here (the rules import no crypto): do it first
// with any SHA-256 (see packages/rules/DICE.md). Undo restores the generator, so this follows evolve.
import { isCoreEvent, type EncounterEvent } from '../events.js';
import { evolveWith } from '../evolve.js';
import type { DieFace, EncounterState, RngState, SystemId } from '../model.js';
import type { InitiativeSystem, ServerDraw } from '../system.js';
import { rollDie } from './rng.js';

export interface DiceVerification {
  readonly ok: boolean;
  /** How many server-rolled dice were checked. */
  readonly checked: number;
  /** One sentence per problem found; empty when ok. */
  readonly mismatches: readonly string[];
}

const sameRng = (a: RngState, b: RngState): boolean => a.every((word, i) => word === b[i]);

/** The server draw an event carries, or 'physical' for entered dice (which must not move the generator). */
function drawOf(system: InitiativeSystem, event: EncounterEvent): ServerDraw | 'physical' | undefined {
  switch (event.type) {
    case 'initiative-rolled':
      return event.roll.source === 'server' ? { dice: event.roll.dice, rng: event.rng } : 'physical';
    default:
      return isCoreEvent(event) ? undefined : system.serverDice?.(event);
  }
}

function replayDice(rng: RngState, dice: readonly DieFace[], at: string, problems: string[]): RngState {
  let state = rng;
  dice.forEach((die, i) => {
    const drawn = rollDie(state, die.sides);
    if (drawn.face !== die.face) problems.push(`${at}: die ${i + 1} (d${die.sides}) shows ${die.face}, the generator gives ${drawn.face}.`);
    state = drawn.rng;
  });
  return state;
}

/** `systemOf` gives the engine's system for the id in the log's first event. */
export function verifyDiceWith(
  systemOf: (id: SystemId) => InitiativeSystem | undefined,
  events: readonly EncounterEvent[],
): DiceVerification {
  const created = events[0];
  if (created?.type !== 'encounter-created') {
    return { ok: false, checked: 0, mismatches: ["The log must start with 'encounter-created'."] };
  }
  const system = systemOf(created.system);
  if (!system) return { ok: false, checked: 0, mismatches: [`This server cannot run the rules of "${created.system}".`] };
  const problems: string[] = [];
  const ended = events.find((e) => e.type === 'encounter-ended');
  if (ended && ended.seed !== created.seed) problems.push('The seed revealed at the end is not the seed the encounter was created with.');
  let checked = 0;
  let state: EncounterState | undefined;
  for (const [i, event] of events.entries()) {
    const at = `Event ${i + 1} (${event.type})`;
    try {
      const draw = state ? drawOf(system, event) : undefined;
      if (state && draw === 'physical' && event.type === 'initiative-rolled' && !sameRng(event.rng, state.dice.rng)) {
        problems.push(`${at}: physical dice moved the generator.`);
      } else if (state && draw && draw !== 'physical') {
        const after = replayDice(state.dice.rng, draw.dice, at, problems);
        checked += draw.dice.length;
        if (!sameRng(after, draw.rng)) problems.push(`${at}: the generator state after the roll does not match.`);
      }
      state = evolveWith(system, state, event);
    } catch (error) {
      problems.push(`${at} cannot be applied: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
  }
  return { ok: problems.length === 0, checked, mismatches: problems };
}
