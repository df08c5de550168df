import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ERROR_MESSAGES, PROTOCOL_VERSION, socketAuthSchema, type ConnectErrorData, type ErrorCode } from '@roundkeeper/protocol';
import { actorOf, admit, audienceOf } from '../auth/principal.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';
import type { AccessStore } from '../store/access-store.js';
import { describeIssue } from '../validation.js';
import type { GatewaySocket } from './socket-server.js';

/** Checked before the rest of the handshake, so an old client hears "reload" rather than "unauthorized". */
const versionSchema = z.looseObject({ protocolVersion: z.literal(PROTOCOL_VERSION) });

/**
 * A Socket.IO client that once talked to a server with connection state recovery adds its session id
 * and last offset to the auth it sends; they are Socket.IO's, not ours, so the strict schema checks what
 * remains (this server does not recover sessions).
 */
function withoutRecoveryFields(auth: unknown): unknown {
  if (auth === null || typeof auth !== 'object') return auth;
  const { pid: _pid, offset: _offset, ...rest } = auth as Record<string, unknown>;
  return rest;
}

function handshakeRefusal(code: ErrorCode, message: string): Error & { data: ConnectErrorData } {
  return Object.assign(new Error(message), { data: { code, message } });
}

type Next = (error?: Error) => void;

/**
 * The handshake as Socket.IO middleware: the protocol version, then the auth's shape, then the token,
 * which gives the socket its encounter and role (`socket.data`). A refusal reaches the client as
 * `connect_error` with `{ code, message }`.
 */
export function authenticate(store: AccessStore, log: FastifyBaseLogger): (socket: GatewaySocket, next: Next) => void {
  return (socket, next) => {
    const auth: unknown = socket.handshake.auth;
    if (!versionSchema.safeParse(auth).success) {
      return next(handshakeRefusal('protocol-version', `This client does not speak protocol version ${PROTOCOL_VERSION}; reload the page.`));
    }
    const parsed = socketAuthSchema.safeParse(withoutRecoveryFields(auth));
    if (!parsed.success) return next(handshakeRefusal('unauthorized', `The handshake is malformed (${describeIssue(parsed.error)}).`));
    const { encounterId, token, viewPatches = false, sharedViews = false } = parsed.data;
    admit(store, encounterId, token).then(
      (admission) => {
        if (!admission) return next(handshakeRefusal('unauthorized', ERROR_MESSAGES.unauthorized));
        const { principal, latestSeq } = admission;
        socket.data = { encounterId, principal, audience: audienceOf(principal), actor: actorOf(principal), storeSeq: latestSeq, viewPatches, sharedViews, listening: undefined };
        next();
      },
      (error: unknown) => {
        // The database away: the client tries the handshake again later rather than giving up.
        if (isDatabaseUnavailable(error)) return next(handshakeRefusal('busy', DATABASE_UNAVAILABLE_MESSAGE));
        log.error({ err: error }, 'socket authentication failed');
        next(handshakeRefusal('internal', ERROR_MESSAGES.internal));
      },
    );
  };
}
