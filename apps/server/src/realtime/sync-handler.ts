import { syncRequestSchema, type SyncAck } from '@roundkeeper/protocol';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';
import { describeIssue } from '../validation.js';
import { deliveryOf } from './audience-table.js';
import type { HandlerDeps } from './command-handler.js';
import { failure } from './failure.js';
import type { GatewaySocket } from './socket-server.js';

/**
 * `sync`: the socket's current view, caught up with the store, in order with the room's commands. One
 * listener for every socket, called on the socket that asks (`this`, see command-handler.ts).
 */
export function syncHandler(deps: Omit<HandlerDeps, 'metrics'>): (this: GatewaySocket, request: unknown, ack: unknown) => void {
  const { openRoom, log } = deps;
  return function onSync(request, ack) {
    if (typeof ack !== 'function') return;
    const { encounterId, audience } = this.data;
    const shared = deliveryOf(this.data) === 'shared';
    const reply = (answer: SyncAck): void => void ack(answer);
    const parsed = syncRequestSchema.safeParse(request);
    if (!parsed.success) return reply(failure('bad-request', describeIssue(parsed.error)));
    openRoom(encounterId)
      .then((room) => (shared ? room.sharedView(audience) : room.view(audience).then((view) => ({ view }))))
      .then(
        (answer) => reply({ ok: true, ...answer }),
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) return reply(failure('busy', DATABASE_UNAVAILABLE_MESSAGE));
          log.error({ err: error, encounterId }, 'sync failed');
          reply(failure('internal'));
        },
      );
  };
}
