import { z } from 'zod';
import { text } from './text.js';
import { idSchema } from './id.js';
import type { CommandAck, SyncAck, VersionedView } from './acks.js';
import type { CommandEnvelope } from './commands.js';
import type { ErrorBody } from './errors.js';
import type { SeatOffer } from './library.js';
import { MAX_TOKEN_LENGTH } from './limits.js';
import type { ViewPatch } from './view-patch.js';
import type { EncounterView } from '@roundkeeper/rules';
import type { OwnPart, PublicPatch, PublicView } from './shared-view.js';

/** Sent in the Socket.IO handshake (`io(url, { auth })`). */
export const socketAuthSchema = z.strictObject({
  protocolVersion: z.number().int(),
  encounterId: idSchema,
  /** A GM, seat or spectator token; the server tells which. */
  token: text().min(1).max(MAX_TOKEN_LENGTH),
  /**
   * True: after the first full `view`, send `view-patch` (the changes only) instead of whole views.
   * Absent or false: whole views, as protocol 1 always did.
   */
  viewPatches: z.boolean().optional(),
  /**
   * True: the public part of the view once per table (`public-view`, then `public-patch`) and the
   * seat's own part (`own`) when it changed, instead of `view` / `view-patch` (docs/protocol.md,
   * "Shared views"). Absent or false: as before.
   */
  sharedViews: z.boolean().optional(),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;

export const syncRequestSchema = z.strictObject({ knownVersion: z.number().int().min(0) });
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/** `clock`: asks the server for its time (nothing to send). */
export const clockRequestSchema = z.strictObject({});
export type ClockRequest = z.infer<typeof clockRequestSchema>;
/**
 * The server's time (ms since 1970) when it answered. Turn stamps (`turn.startedAt`) are in this clock:
 * a client takes its offset from the middle of the round trip (see docs/protocol.md, "Turn timer").
 */
export interface ClockAck {
  readonly ok: true;
  readonly serverTime: number;
}

/**
 * Which seats have a live socket, sent to the GM only. `connected` means "at least one socket of this
 * seat on the node that sent it": with several nodes (REDIS_URL) each node reports its own sockets.
 */
export const presenceSchema = z.object({
  seats: z.array(
    z.object({
      seatId: text(),
      combatantIds: z.array(text()),
      connected: z.boolean(),
    }),
  ),
  /** Players who found their character taken and asked the GM to free it (POST /api/join/request), newest last. */
  requests: z
    .array(z.object({ requestId: text(), combatantId: text(), name: text(), at: text().meta({ description: 'ISO 8601' }) }))
    .optional(),
});
export type Presence = z.infer<typeof presenceSchema>;

/** Typed event maps shared by the server and every client. */
export interface ServerToClientEvents {
  /** The audience's projection after every accepted command, and once on connect. */
  view: (message: VersionedView) => void;
  /** Instead of `view`, for clients that asked for patches: apply to the view at `base`, or `sync` when holding another. */
  'view-patch': (message: ViewPatch) => void;
  /** Shared views: the public view whole (after connect), the same frame for every shared socket of the table. */
  'public-view': (message: PublicView<EncounterView>) => void;
  /** Shared views: the public view's change, the same frame for every shared socket of the table. */
  'public-patch': (message: PublicPatch) => void;
  /** Shared views, seats only: the seat's own part, when it changed, before the public change it goes with. */
  own: (message: OwnPart) => void;
  /** Sent just before the server closes the socket for good (the GM removed this seat): do not reconnect. */
  removed: (reason: ErrorBody) => void;
  /** GM only: every seat and whether it is connected; on the GM's connect and whenever a seat connects or disconnects. */
  presence: (presence: Presence) => void;
  /**
   * Player only: the GM started the party's next encounter, and this seat's PC is in it. Claim it with
   * POST /api/join/carry-over and this seat's token (the offer itself opens nothing).
   */
  'seat-offer': (offer: SeatOffer) => void;
}

export interface ClientToServerEvents {
  command: (envelope: CommandEnvelope, ack: (answer: CommandAck) => void) => void;
  /** Ask for the current view when the client may have missed something (after reconnecting). */
  sync: (request: SyncRequest, ack: (answer: SyncAck) => void) => void;
  /** Ask for the server's time, to show the turn timer right whatever the device's clock says. */
  clock: (request: ClockRequest, ack: (answer: ClockAck | ErrorAck) => void) => void;
}

/** A refusal of a message that has no answer of its own (a malformed `clock`). */
export type ErrorAck = { readonly ok: false } & ErrorBody;

/** The `data` of a `connect_error` when the handshake is refused. */
export type ConnectErrorData = ErrorBody;
