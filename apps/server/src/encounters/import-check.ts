// An imported log checked as strictly as live commands: each core event against the protocol's
// strict schema, each system event against its system, then the whole log replayed with the rules'
// checks ([ENG-46]). The first bad event is named for a person: its number in the file and what is wrong.
import { coreEventSchema, isCoreEventType, systemEventValueProblem, type ExportedEvent } from '@roundkeeper/protocol';
import { checkedReplay, type EncounterEvent, type EncounterState, type SystemId } from '@roundkeeper/rules';
import { issueInWords, valueAt } from '../issue-words.js';

const refusal = (seq: number, type: string, what: string): string => `Event ${seq} (${type}) cannot be imported: ${what}.`;

/** Why one event of the file cannot be an event of `system`'s encounters, before any replay. */
function eventShapeProblem(system: SystemId, e: ExportedEvent): string | undefined {
  const { type } = e.event;
  if (!isCoreEventType(type)) {
    // A system's own events are bounded here and checked by its evolve and the state that follows;
    // another game's never fit.
    if (!type.startsWith(`${system}-`)) return refusal(e.seq, type, `it is not an event of ${system} encounters`);
    const bad = systemEventValueProblem(e.event);
    return bad ? refusal(e.seq, type, `its field ${bad.path.join('.')} ${bad.problem}`) : undefined;
  }
  const parsed = coreEventSchema.safeParse(e.event);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (!issue) return refusal(e.seq, type, 'it is malformed');
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const field = path.length > 0 ? `its field ${path.join('.')}` : 'it';
  return refusal(e.seq, type, `${field} ${issueInWords(issue, valueAt(e.event, path))}`);
}

/**
 * The state `log` replays to, or the sentence that refuses the file. `log` is the creation event the
 * import made, then the file's events after its own creation event (file seq 2, 3, …).
 */
export function checkImportedLog(
  system: SystemId,
  fileEvents: readonly ExportedEvent[],
  log: readonly EncounterEvent[],
): { readonly ok: true; readonly state: EncounterState } | { readonly ok: false; readonly message: string } {
  for (const e of fileEvents) {
    const problem = eventShapeProblem(system, e);
    if (problem) return { ok: false, message: problem };
  }
  const replayed = checkedReplay(log);
  if (replayed.ok) return replayed;
  // Log index i is the file's event seq i + 1 (the creation event is first in both).
  const bad = log[replayed.index];
  return { ok: false, message: refusal(replayed.index + 1, bad?.type ?? 'unknown', replayed.reason) };
}
