import * as defaultParser from 'socket.io-parser';
import { wellFormedJson } from '@roundkeeper/protocol';

// Socket.IO's packet parser with an encoder for a server that sends only JSON: the same text on the wire
// as socket.io-parser's (every Socket.IO client decodes it with its default decoder), without two costs
// that a reconnect storm paid per socket (docs/performance-log.md): the walk of every message looking for
// binary data (`hasBinary`, ~3% of a storm's CPU), and the encoding of a table's public view once for
// each of its sockets when one encoding serves them all (`EncodedJson`). Decoding is socket.io-parser's own.
// Every string sent is well-formed text (protocol text.ts, `wellFormedJson`): a refusal that names a
// request's own ill-formed key says U+FFFD in its place.

/**
 * A value already encoded as JSON, sent as its text. Made once and emitted to many sockets (the
 * public part of a first view, the same for every shared-view socket of a table at one version).
 * Serialised by anything else (an adapter, a log), it is the value it encodes.
 */
export class EncodedJson {
  constructor(readonly json: string) {}

  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** `value` encoded once, typed as the value it stands for: Socket.IO's typed emit takes it in its place. */
export function encodedOnce<T>(value: T): T {
  // The one place where the type says what the wire carries, not what the object is (see EncodedJson).
  return new EncodedJson(wellFormedJson(value) ?? 'null') as unknown as T;
}

type Encoded = { readonly version: number; readonly encoded: unknown };

/**
 * How long an encoding is kept for more sockets: 10 to 20 s. The sockets of a table connect together
 * (a table sitting down, a restarted node's storm, all back within 10 s), and that is when one
 * encoding serves many. Kept for as long as the view stood, it was ~3.7 KB of text per table held
 * all session for sockets that had long connected (docs/performance-log.md, "Sixth session").
 */
const ENCODED_VIEWS_KEPT_MS = 10_000;

/** Versioned views already encoded, by view object (the room keeps one view object while its version stands), in two generations. */
let encodedViews = new WeakMap<object, Encoded>();
let olderEncodedViews = new WeakMap<object, Encoded>();
let rotating: NodeJS.Timeout | undefined;

function rememberEncoded(view: object, entry: Encoded): void {
  // Started with the first encoding, not on import; unref'd: it never keeps a process alive.
  rotating ??= setInterval(() => {
    olderEncodedViews = encodedViews;
    encodedViews = new WeakMap();
  }, ENCODED_VIEWS_KEPT_MS).unref();
  encodedViews.set(view, entry);
}

/**
 * `encodedOnce` for a versioned view, remembered while the view object and its version stand, for
 * 10 to 20 s: a table's public part at one version is then encoded once for the shared sockets that
 * connect together.
 */
export function encodedPerVersion<T extends { readonly version: number; readonly view: object }>(message: T): T {
  const known = encodedViews.get(message.view) ?? olderEncodedViews.get(message.view);
  // Stored by this function for this view object, so of the caller's type.
  if (known?.version === message.version) return known.encoded as T;
  const encoded = encodedOnce(message);
  rememberEncoded(message.view, { version: message.version, encoded });
  return encoded;
}

/** One JSON value of a packet's data: an EncodedJson's text as it is, anything else as JSON.stringify has it. */
function jsonOf(value: unknown): string {
  if (value instanceof EncodedJson) return value.json;
  // JSON.stringify gives undefined for undefined (and functions) where an array holds null.
  return wellFormedJson(value) ?? 'null';
}

/**
 * socket.io-parser's string encoding (type, namespace unless '/', ack id, JSON data) for every packet:
 * this server never sends binary, so the BINARY_EVENT and BINARY_ACK forms are never made.
 */
class JsonTextEncoder extends defaultParser.Encoder {
  override encode(packet: defaultParser.Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    const data: unknown = packet.data;
    if (data !== undefined && data !== null) text += Array.isArray(data) ? `[${data.map(jsonOf).join(',')}]` : jsonOf(data);
    return [text];
  }
}

/** The `parser` option of the gateway's Socket.IO server. */
export const jsonEncodingParser = { ...defaultParser, Encoder: JsonTextEncoder };
