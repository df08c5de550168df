import type { FastifyBaseLogger } from 'fastify';
import { commandEnvelopeSchema, type CommandAck } from '@roundkeeper/protocol';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';
import type { EncounterRoom } from '../encounters/room.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import { describeIssue } from '../validation.js';
import { failure } from './failure.js';
import type { GatewaySocket } from './socket-server.js';

/** What the socket handlers need of the server: made once per server, shared by every socket. */
export interface HandlerDeps {
  /** The socket's room, opened (or loaded) on demand: it may have left memory since the connect. */
  readonly openRoom: (encounterId: string) => Promise<EncounterRoom>;
  readonly metrics: ServerMetrics;
  readonly log: FastifyBaseLogger;
}

/**
 * `command`: the envelope is parsed, the principal must be able to act, and the room decides,
 * records and answers. The ack is the client's only proof: every path answers exactly once.
 * One listener for every socket: who sends is the socket it is called on (`this`, as Node's event
 * emitters call their listeners), whose `data` the handshake wrote.
 */
export function commandHandler(deps: HandlerDeps): (this: GatewaySocket, envelope: unknown, ack: unknown) => void {
  const { openRoom, metrics, log } = deps;
  return function onCommand(envelope, ack) {
    // Without a callback there is nobody to answer; a command must be acknowledged to count.
    if (typeof ack !== 'function') return;
    const { encounterId, audience, actor } = this.data;
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
