import fc from 'fast-check';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it, vi } from 'vitest';
import { EncodedJson, encodedOnce, encodedPerVersion, jsonEncodingParser } from './packet-encoder.js';

const textEncoder = new jsonEncodingParser.Encoder();
const defaultEncoder = new Encoder();

/** What a client's default decoder makes of one encoded packet. */
function decoded(text: string): Packet {
  const decoder = new Decoder();
  let packet: Packet | undefined;
  decoder.on('decoded', (p: Packet) => (packet = p));
  decoder.add(text);
  if (!packet) throw new Error(`nothing decoded from ${text}`);
  return packet;
}

/** Packets a server sends: events and acks in any namespace, with or without an ack id, plus connects. */
const packets: fc.Arbitrary<Packet> = fc.oneof(
  fc.record({
    type: fc.constantFrom(PacketType.EVENT, PacketType.ACK),
    nsp: fc.constantFrom('/', '/admin'),
    data: fc.tuple(fc.constantFrom('view', 'public-view', 'own'), fc.jsonValue({ maxDepth: 4 })).map(([event, value]) => [event, value]),
    id: fc.option(fc.nat(10_000), { nil: undefined }),
  }),
  fc.record({ type: fc.constant(PacketType.CONNECT), nsp: fc.constant('/'), data: fc.record({ sid: fc.string() }) }),
  fc.record({ type: fc.constant(PacketType.DISCONNECT), nsp: fc.constant('/') }),
);

describe('the gateway\'s Socket.IO encoder (text only)', () => {
  it('writes exactly what socket.io-parser writes for any JSON packet', () => {
    fc.assert(
      fc.property(packets, (packet) => {
        expect(textEncoder.encode(packet)).toEqual(defaultEncoder.encode(packet));
      }),
      { numRuns: 1_000 },
    );
  });

  it('splices a value encoded once as its JSON text, which a client decodes as the value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(1_000), (value, id) => {
        const once: Packet = { type: PacketType.EVENT, nsp: '/', id, data: ['public-view', encodedOnce(value)] };
        const plain: Packet = { type: PacketType.EVENT, nsp: '/', id, data: ['public-view', value] };
        const [text] = textEncoder.encode(once);
        expect([text]).toEqual(defaultEncoder.encode(plain));
        expect(decoded(String(text)).data).toEqual(JSON.parse(JSON.stringify(['public-view', value])));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps an array\'s undefined as null, as JSON.stringify does', () => {
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['x', undefined, 1] };
    expect(textEncoder.encode(packet)).toEqual(['2["x",null,1]']);
  });

  it('serialises an encoded value as the value when something else stringifies it (an adapter, a log)', () => {
    const view = { version: 3, view: { round: 2, names: ['a', 'b'] } };
    expect(JSON.parse(JSON.stringify({ wrapped: encodedOnce(view) }))).toEqual({ wrapped: view });
    expect(encodedOnce(view)).toBeInstanceOf(EncodedJson);
  });

  it('encodes a versioned view once while its view object and version stand', () => {
    const view = { round: 1, order: ['a', 'b'] };
    const first = encodedPerVersion({ version: 7, view });
    expect(encodedPerVersion({ version: 7, view })).toBe(first);
    const next = encodedPerVersion({ version: 8, view });
    expect(next).not.toBe(first);
    expect(JSON.parse(JSON.stringify(next))).toEqual({ version: 8, view });
    expect(encodedPerVersion({ version: 8, view: { ...view } })).not.toBe(next);
  });

  it('keeps an encoding for the sockets that connect within 10 s of it, and forgets it within 20 s', async () => {
    vi.useFakeTimers();
    try {
      vi.resetModules(); // a module of its own, whose timer is a fake one
      const { encodedPerVersion: encoded } = await import('./packet-encoder.js');
      const view = { round: 1 };
      const first = encoded({ version: 1, view });
      vi.advanceTimersByTime(10_000);
      expect(encoded({ version: 1, view })).toBe(first);
      vi.advanceTimersByTime(10_000);
      const again = encoded({ version: 1, view });
      expect(again).not.toBe(first);
      expect(JSON.parse(JSON.stringify(again))).toEqual({ version: 1, view });
    } finally {
      vi.useRealTimers();
    }
  });
});
