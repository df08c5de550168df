import { clockRequestSchema, type ClockAck, type ErrorAck } from '@roundkeeper/protocol';
import { describeIssue } from '../validation.js';
import { failure } from './failure.js';

/**
 * `clock`: the server's time, answered at once. The turn timer's stamps are in this clock; a client
 * corrects its own by the offset it measures here (docs/protocol.md, "Turn timer").
 */
export function clockHandler(now: () => number): (request: unknown, ack: unknown) => void {
  return (request, ack) => {
    if (typeof ack !== 'function') return;
    const reply = (answer: ClockAck | ErrorAck): void => void ack(answer);
    const parsed = clockRequestSchema.safeParse(request);
    if (!parsed.success) return reply(failure('bad-request', describeIssue(parsed.error)));
    reply({ ok: true, serverTime: now() });
  };
}
