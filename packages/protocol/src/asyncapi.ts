import type { z } from 'zod';
import { commandEnvelopeSchema } from './commands.js';
import { errorBodySchema } from './http.js';
import { seatOfferSchema } from './library.js';
import { SchemaComponents, type JsonSchema } from './schema-components.js';
import { clockRequestSchema, presenceSchema, socketAuthSchema, syncRequestSchema, type ClientToServerEvents, type ServerToClientEvents } from './socket.js';
import {
  clockAckSchema,
  commandAckSchema,
  ownPartSchema,
  syncAckSchema,
  versionedViewSchema,
  viewPatchSchema,
} from './socket-messages.js';
import { PROTOCOL_VERSION } from './version.js';

// The Socket.IO half of the protocol as an AsyncAPI 3 document, generated from the same zod schemas the
// server parses with (and, for what it sends, the schemas of socket-messages.ts). The document describes
// the server: it receives the handshake and the client's events and answers each with an
// acknowledgement (an AsyncAPI reply), and it sends the events of ServerToClientEvents. The records
// below are typed by the event maps, so an event added to them and not here does not compile.
// The server serves it at GET /api/asyncapi.json; docs/protocol.md tells the same in prose.

interface Message {
  readonly summary: string;
  readonly payload: z.ZodType;
}

interface Answered extends Message {
  /** The acknowledgement's key in `messages`. */
  readonly ack: string;
}

/** What the server sends (a Socket.IO event of that name). */
const sent: Record<keyof ServerToClientEvents | 'connect_error', Message> = {
  view: {
    summary: "The audience's view and its version: once right after every connect, then after every accepted command that changed this audience's view.",
    payload: versionedViewSchema,
  },
  'view-patch': {
    summary: 'Instead of `view`, to sockets that asked for viewPatches: the changes from the view at `base`. Apply only to that version; otherwise send `sync`.',
    payload: viewPatchSchema,
  },
  'public-view': { summary: 'Shared views: the public (spectator) view whole, right after every connect.', payload: versionedViewSchema },
  'public-patch': { summary: "Shared views: the public view's change, one frame for the whole table.", payload: viewPatchSchema },
  own: { summary: "Shared views, seats only: the operations that turn the public view into this seat's view, when they changed.", payload: ownPartSchema },
  removed: { summary: 'The GM removed this seat or replaced the spectator token; the socket closes next. Do not reconnect.', payload: errorBodySchema },
  presence: { summary: 'GM only: every taken seat and whether it has a socket on this node, and the players asking for a taken seat.', payload: presenceSchema },
  'seat-offer': { summary: "Player only: the party's next encounter has this seat's PC; claim it with POST /api/join/carry-over.", payload: seatOfferSchema },
  connect_error: { summary: 'The handshake was refused (err.data): protocol-version, unauthorized, busy or internal.', payload: errorBodySchema },
};

/** What the server receives, each answered with an acknowledgement. */
const received: Record<keyof ClientToServerEvents, Answered> = {
  command: { summary: 'A command, with the id the client chose (retries reuse it) and optionally the version it was made against.', payload: commandEnvelopeSchema, ack: 'command-ack' },
  sync: { summary: 'Asks for the current view, after the client may have missed something.', payload: syncRequestSchema, ack: 'sync-ack' },
  clock: { summary: "Asks for the server's time, for the turn timer.", payload: clockRequestSchema, ack: 'clock-ack' },
};

const acks: Record<string, Message> = {
  'command-ack': { summary: 'Accepted with the sender’s new version, or refused with a code and a sentence.', payload: commandAckSchema },
  'sync-ack': { summary: 'The current view (and, for shared views, its two parts), or a refusal.', payload: syncAckSchema },
  'clock-ack': { summary: "The server's time, or bad-request.", payload: clockAckSchema },
};

const handshake: Message = {
  summary: "The `auth` of Socket.IO's CONNECT packet: io(origin, { auth }). The token says who connects: the GM, a seat or a spectator.",
  payload: socketAuthSchema,
};

const CHANNEL = 'encounter';
const channelRef = { $ref: `#/channels/${CHANNEL}` };
const messageRef = (name: string) => ({ $ref: `#/channels/${CHANNEL}/messages/${name}` });
const operationId = (verb: string, name: string) => `${verb}-${name.replaceAll('_', '-')}`;

/** The AsyncAPI 3.1 document of the Socket.IO events. */
export function asyncApiDocument(): JsonSchema {
  const components = new SchemaComponents('draft-07');
  const messages: Record<string, JsonSchema> = {};
  const describe = (name: string, { summary, payload }: Message, io: 'input' | 'output') => {
    messages[name] = { name, summary, contentType: 'application/json', payload: components.of(payload, io) };
  };
  describe('handshake', handshake, 'input');
  for (const [name, message] of Object.entries(received)) describe(name, message, 'input');
  for (const [name, message] of Object.entries(acks)) describe(name, message, 'output');
  for (const [name, message] of Object.entries(sent)) describe(name, message, 'output');

  const operations: Record<string, JsonSchema> = {
    'receive-handshake': { action: 'receive', channel: channelRef, summary: 'A client connects.', messages: [messageRef('handshake')] },
  };
  for (const [name, { summary, ack }] of Object.entries(received)) {
    operations[operationId('receive', name)] = {
      action: 'receive',
      channel: channelRef,
      summary,
      messages: [messageRef(name)],
      reply: { channel: channelRef, messages: [messageRef(ack)] },
    };
  }
  for (const [name, { summary }] of Object.entries(sent)) {
    operations[operationId('send', name)] = { action: 'send', channel: channelRef, summary, messages: [messageRef(name)] };
  }

  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Roundkeeper realtime',
      version: String(PROTOCOL_VERSION),
      description:
        'The Socket.IO part of the Roundkeeper protocol (docs/protocol.md, "Socket.IO"). Each socket is one audience of one encounter: ' +
        'the handshake names the encounter and a token. Every client event carries an acknowledgement callback, described here as its reply.',
    },
    defaultContentType: 'application/json',
    servers: {
      roundkeeper: {
        host: 'localhost:3000',
        protocol: 'ws',
        pathname: '/socket.io/',
        description: "Socket.IO 4 on the server's own origin (PORT, 3000 by default); the websocket transport is recommended.",
      },
    },
    channels: {
      [CHANNEL]: {
        address: '/',
        title: "Socket.IO's default namespace",
        messages: Object.fromEntries(Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
      },
    },
    operations,
    components: { messages, schemas: components.schemas },
  };
}
