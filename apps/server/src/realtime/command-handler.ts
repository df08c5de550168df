import type { FastifyBaseLogger } from 'fastify';
import { commandEnvelopeSchema, type CommandAck } from '@roundkeeper/protocol';
import type { Actor, Audience } from '@roundkeeper/rules';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';
import type { EncounterRoom } from '../encounters/room.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import { describeIssue } from '../validation.js';
import { failure } from './failure.js';

/**
 * What a socket's handlers need, made once per connection and read by them on each message (kept
 * whole in one object, not copied into each handler's closure: every socket holds its handlers for life).
 */
export interface HandlerDeps {
  readonly encounterId: string;
  /** Who the socket is, as the rules see it: what it may see, and who acts (none for a spectator). */
  readonly audience: Audience;
  readonly actor: Actor | undefined;
  /** The socket takes shared views: a `sync` answers with the parts too. */
  readonly shared: boolean;
  /** The socket's room, opened (or loaded) on demand: it may have left memory since the connect. */
  readonly openRoom: (encounterId: string) => Promise<EncounterRoom>;
  readonly metrics: ServerMetrics;
  readonly log: FastifyBaseLogger;
}

/**
 * `command`: the envelope is parsed, the principal must be able to act, and the room decides,
 * records and answers. The ack is the client's only proof: every path answers exactly once.
 */
export function commandHandler(deps: HandlerDeps): (envelope: unknown, ack: unknown) => void {
  return (envelope, ack) => {
    // Without a callback there is nobody to answer; a command must be acknowledged to count.
    if (typeof ack !== 'function') return;
    const { encounterId, audience, actor, openRoom, metrics, log } = deps;
    let answered = false;
    const measured = metrics.startCommand();
    const reply = (answer: CommandAck): void => {
      if (answered) return;
      answered = true;
      measured(answer);
      ack(answer);
    };
    const parsed = commandEnvelopeSchema.safeParse(envelope);
    if (!parsed.success) return reply(failure('bad-request', describeIssue(parsed.error)));
    if (!actor) return reply(failure('forbidden', 'Spectators can watch but not change the encounter.'));
    openRoom(encounterId)
      .then((room) => room.command(parsed.data, actor, audience, reply))
      .catch((error: unknown) => {
        // The database away (restarting, unreachable): whether or not the write landed, resending the
        // same id is safe (the log refuses a command id twice), so the client is told to do just that.
        if (isDatabaseUnavailable(error)) {
          log.warn({ err: error, encounterId, commandId: parsed.data.commandId }, 'command not done: database unavailable');
          return reply(failure('busy', DATABASE_UNAVAILABLE_MESSAGE));
        }
        log.error({ err: error, encounterId, commandId: parsed.data.commandId }, 'command failed');
        reply(failure('internal'));
      });
  };
}
