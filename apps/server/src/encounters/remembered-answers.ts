import type { CommandAck } from '@roundkeeper/protocol';

/** Refusals by the rules are remembered per room so a retried id gets its first answer. */
const MAX_REMEMBERED_REFUSALS = 256;
/**
 * Answers to commands the room accepted since it was loaded, so a retried id is answered without the
 * store. Ids not remembered (older, another node's, before a restart) are looked up in the store only
 * when the command is not accepted again, or when the store refuses its id as taken. A client resends
 * what it has not heard answered when it reconnects, seconds later: 64 commands are minutes of play at
 * a table, and each entry is ~100 bytes kept for as long as the room is open.
 */
const MAX_REMEMBERED_ACCEPTED = 64;

/**
 * The answers a room gave, by command id, so a retried id gets its first answer and changes nothing.
 * Bounded memory: past the limit the oldest is forgotten (a Map keeps insertion order).
 */
export class RememberedAnswers {
  readonly #refusals = new Map<string, CommandAck>();
  /** Accepted answers as the log's seq they named ({ ok: true, version: seq }): a number, not an object each. */
  readonly #accepted = new Map<string, number>();

  /** The first answer given to `commandId`, if it is remembered. */
  get(commandId: string): CommandAck | undefined {
    const refusal = this.#refusals.get(commandId);
    if (refusal) return refusal;
    const seq = this.#accepted.get(commandId);
    return seq === undefined ? undefined : { ok: true, version: seq };
  }

  /** Remembers an acceptance and hands its answer back (only acceptances are kept here). */
  accepted(commandId: string, ack: CommandAck): CommandAck {
    if (ack.ok) keep(this.#accepted, commandId, ack.version, MAX_REMEMBERED_ACCEPTED);
    return ack;
  }

  /** Remembers a refusal by the rules. */
  refused(commandId: string, ack: CommandAck): void {
    keep(this.#refusals, commandId, ack, MAX_REMEMBERED_REFUSALS);
  }
}

function keep<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max && !map.has(key)) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
