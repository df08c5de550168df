import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diff, PatchMismatchError, sameJson, type PatchOp } from './view-patch.js';

/** What a client does: the ops travel as JSON, then apply to the view it holds. */
const overTheWire = (from: unknown, to: unknown): unknown => {
  const ops = JSON.parse(JSON.stringify(diff(from, to))) as PatchOp[];
  return applyPatch(JSON.parse(JSON.stringify(from)) as unknown, ops);
};

/** Views are objects whose arrays often keep their length; the generator leans that way to reach deep paths. */
const json = fc.jsonValue({ maxDepth: 4 });
const similarPair = json.chain((a) =>
  fc.tuple(fc.constant(a), fc.oneof(json, fc.constant(a), fc.jsonValue({ maxDepth: 2 }).map((b) => mutate(a, b)))),
);

/** Replaces one nested value of `a` by `b`, so the pair differs in one place like two successive views. */
function mutate(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && a.length > 0) return a.map((v, i) => (i === a.length - 1 ? mutate(v, b) : v));
  if (typeof a === 'object' && a !== null) {
    const keys = Object.keys(a);
    const last = keys.at(-1);
    if (last !== undefined) return { ...a, [last]: mutate((a as Record<string, unknown>)[last], b) };
  }
  return b;
}

describe('view patches (RFC 6902 add/remove/replace)', () => {
  it('turns any JSON document into any other, through a JSON round trip', () => {
    fc.assert(
      fc.property(similarPair, ([from, to]) => {
        // Compared with `to` as the client would receive it in full (JSON has no -0).
        expect(overTheWire(from, to)).toEqual(JSON.parse(JSON.stringify(to)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('says two documents are the same exactly when their patch is empty', () => {
    fc.assert(
      fc.property(similarPair, ([from, to]) => {
        expect(sameJson(from, to)).toBe(diff(from, to).length === 0);
      }),
      { numRuns: 2_000 },
    );
    expect(sameJson({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(Number.NaN, Number.NaN)).toBe(diff(Number.NaN, Number.NaN).length === 0);
  });

  it('never changes the document it is applied to', () => {
    fc.assert(
      fc.property(similarPair, ([from, to]) => {
        const before = JSON.stringify(from);
        applyPatch(from, diff(from, to));
        expect(JSON.stringify(from)).toBe(before);
      }),
    );
  });

  it('is empty for equal documents and small for a one-field change', () => {
    const view = { round: 2, combatants: [{ id: 'a', hp: 3 }, { id: 'b', hp: 5 }], active: 'a' };
    expect(diff(view, JSON.parse(JSON.stringify(view)))).toEqual([]);
    const next = { ...view, combatants: [view.combatants[0], { id: 'b', hp: 4 }], active: 'b' };
    expect(diff(view, next)).toEqual([
      { op: 'replace', path: '/combatants/1/hp', value: 4 },
      { op: 'replace', path: '/active', value: 'b' },
    ]);
  });

  it('treats a key holding undefined as absent, as JSON does', () => {
    expect(diff({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(diff({ a: 1 }, { a: 1, b: undefined })).toEqual([]);
    expect(diff({ a: 1, b: 2 }, { a: 1, b: undefined })).toEqual([{ op: 'remove', path: '/b' }]);
  });

  it('escapes keys with / and ~ (RFC 6901)', () => {
    const ops = diff({ 'a/b': 1, 'c~d': 1 }, { 'a/b': 2, 'c~d': 2 });
    expect(ops.map((o) => o.path)).toEqual(['/a~1b', '/c~0d']);
    expect(applyPatch({ 'a/b': 1, 'c~d': 1 }, ops)).toEqual({ 'a/b': 2, 'c~d': 2 });
  });

  it('shares what did not change', () => {
    const untouched = { id: 'a', conditions: ['prone'] };
    const doc = { list: [untouched, { id: 'b', hp: 1 }] };
    const next = applyPatch(doc, [{ op: 'replace', path: '/list/1/hp', value: 2 }]);
    expect(next.list[0]).toBe(untouched);
    expect(doc.list[1]).toEqual({ id: 'b', hp: 1 });
  });

  it('refuses operations that do not fit the document instead of guessing', () => {
    const doc = { list: [1, 2], name: 'x' };
    const refused = (ops: PatchOp[]) => expect(() => applyPatch(doc, ops)).toThrow(PatchMismatchError);
    refused([{ op: 'replace', path: '/missing', value: 1 }]);
    refused([{ op: 'remove', path: '/list/2' }]);
    refused([{ op: 'replace', path: '/list/01', value: 1 }]);
    refused([{ op: 'add', path: '/name/x', value: 1 }]);
    refused([{ op: 'remove', path: '' }]);
    expect(doc).toEqual({ list: [1, 2], name: 'x' });
  });

  it('stores a "__proto__" key as data, never as the prototype', () => {
    const next = applyPatch<Record<string, unknown>>({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(Object.hasOwn(next, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
  });

  it('stores keys named like Object.prototype members as own data, and ids that are such keys round-trip', () => {
    const keys = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
    const from = { byId: Object.fromEntries(keys.map((k) => [k, 1])) };
    const to = { byId: Object.fromEntries(keys.map((k) => [k, 2])) };
    const next = applyPatch<typeof to>(from, diff(from, to));
    for (const key of keys) expect(Object.getOwnPropertyDescriptor(next.byId, key)).toEqual({ value: 2, writable: true, enumerable: true, configurable: true });
    expect(next).toEqual(to);
    // A patch through a "__proto__" key copies it as data too (the path's containers are copied, not walked up the prototype).
    const nested = JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>;
    const patched = applyPatch<Record<string, unknown>>(nested, [{ op: 'replace', path: '/__proto__/x', value: 3 }]);
    expect(Object.hasOwn(patched, '__proto__')).toBe(true);
    expect(patched['__proto__']).toEqual({ x: 3 });
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
  });
});
