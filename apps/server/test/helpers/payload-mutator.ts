import { MAX_MESSAGE_BYTES } from '@roundkeeper/protocol';

/** Deep enough to trip a naive recursive walker, shallow enough for socket.io-client's own recursive binary check. */
const NESTING_DEPTH = 400;
/** Long strings (far beyond every field's bound) that stay under the frame limit even three at once, so they reach the schema. */
const HUGE_STRING_LENGTH = Math.floor(MAX_MESSAGE_BYTES / 4);

/** mulberry32: a tiny seeded generator, so a failing fuzz run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Keys that pollute prototypes when code merges objects naively; JSON.parse makes them own properties. */
const pollutingObject = (random: Random): unknown =>
  JSON.parse(
    pick(random, [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"prototype":{"polluted":true},"__proto__":null}',
      '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
    ]),
  );

/** Values of every wrong kind for a field. */
function nastyValue(random: Random): unknown {
  switch (Math.floor(random() * 14)) {
    case 0:
      return null;
    case 1:
      return NaN;
    case 2:
      return pick(random, [Infinity, -Infinity, -0, 1e308, -1, 2 ** 53 + 1, 0.5]);
    case 3:
      return pick(random, ['', ' ', '\u0000', '\ud800', '💥'.repeat(50), 'end-turn', 'c1']);
    case 4:
      return random() < 0.1 ? 'x'.repeat(HUGE_STRING_LENGTH) : 'y'.repeat(Math.floor(random() * 300));
    case 5:
      return random() < 0.2 ? nested(NESTING_DEPTH) : nested(Math.floor(random() * 20));
    case 6:
      return pollutingObject(random);
    case 7:
      return [];
    case 8:
      return Array.from({ length: Math.floor(random() * 50) }, () => Math.floor(random() * 100));
    case 9:
      return {};
    case 10:
      return random() < 0.5;
    case 11:
      return Math.floor(random() * 1000) - 500;
    case 12:
      return { type: pick(random, ['end-turn', 'add-combatant', 'x']), extra: nastyValue(random) };
    default:
      return undefined;
  }
}

/** Plain assignment to `__proto__` would change the prototype instead of adding a key that gets sent. */
function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Paths to every object or array inside `value`, the root included. */
function containers(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    out.push(path);
    for (const [k, v] of Object.entries(value)) containers(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** The container at `path`, read through own properties only (a `__proto__` key must not walk to a prototype). */
function at(root: unknown, path: readonly (string | number)[]): Record<string | number, unknown> | undefined {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Object.getOwnPropertyDescriptor(node, key)?.value;
  }
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
}

/** One payload for the `command` event: a valid envelope with one to three mutations, or plain garbage. */
export function mutatedEnvelope(random: Random, valid: readonly unknown[]): unknown {
  if (random() < 0.08) return nastyValue(random);
  const envelope = clone(pick(random, valid));
  const mutations = 1 + Math.floor(random() * 3);
  for (let m = 0; m < mutations; m++) {
    const target = at(envelope, pick(random, containers(envelope)));
    if (!target) continue;
    const keys = Object.keys(target);
    const key = keys.length > 0 ? pick(random, keys) : 'type';
    switch (Math.floor(random() * 5)) {
      case 0:
        delete target[key];
        break;
      case 1:
        defineOwn(target, pick(random, ['extra', '__proto__', 'constructor', 'admin', 'type', 'isGm']), nastyValue(random));
        break;
      case 2:
        for (const [k, v] of Object.entries(pollutingObject(random) as object)) defineOwn(target, k, v);
        break;
      default:
        target[key] = nastyValue(random);
    }
  }
  return envelope;
}
