// [ENG-41] The turn timer's own command: an end of one pinned turn, taken only when that turn's time
// has run out under an 'auto-end' timer. Everything else from the timer is refused.
import type { Command } from '../commands.js';
import type { EncounterEvent } from '../events.js';
import type { EncounterState } from '../model.js';
import type { Decision } from '../system.js';
import { autoEndDue, samePin } from '../turn-timer.js';
import { refuse } from './context.js';

/** What the server says of the moment it decides a command. */
export interface DecideMoment {
  /** [ENG-39] The server's clock (ms since 1970): turns started by the command are stamped with it. */
  readonly now?: number;
  /** [ENG-41] The command comes from the turn timer, not from a person. */
  readonly byTimer?: boolean;
}

/** Why the timer may not issue `command` now, or undefined when it may. */
export function refuseTimerCommand(state: EncounterState, command: Command, now: number | undefined): Decision | undefined {
  if (command.type !== 'end-turn' || !command.turn || now === undefined) {
    return refuse('invalid-command', 'The turn timer only ends a turn it names, at a known time.');
  }
  const due = autoEndDue(state);
  if (!due || !samePin(due.pin, command.turn)) return refuse('invalid-command', 'That turn is over or has no time limit to end it.');
  if (now < due.deadline) return refuse('invalid-command', 'That turn still has time left.');
  return undefined;
}

/** [ENG-41] The turn the timer ended says so, and whose it was, so the log can tell "time ran out". */
export function timedOut(state: EncounterState, events: readonly EncounterEvent[]): EncounterEvent[] {
  const turn = state.turn;
  let marked = false;
  return events.map((e) => {
    if (marked || !turn || e.type !== 'turn-ended' || e.slotId !== turn.slotId) return e;
    marked = true;
    return { ...e, timedOut: true, actorIds: turn.actorIds };
  });
}
