// View patches: the difference between two views of one audience as RFC 6902 JSON Patch operations
// (the `add`, `remove` and `replace` subset). A turn usually changes a few fields of a ~3 KB view, so
// clients that ask for patches receive ~100–300 bytes per turn instead of the whole view: less to
// send over a phone's weak signal, and less for the server to encode and write (docs/performance.md).
//
// This file is free of zod and of any other module on purpose: the browser clients import it through
// `@roundkeeper/protocol/view-patch` without pulling the schemas into their bundles.

/** A JSON value as views are made of (no undefined, no functions, no dates). */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export type PatchOp =
  | { readonly op: 'add'; readonly path: string; readonly value: unknown }
  | { readonly op: 'replace'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string };

/** What a client that asked for patches receives after its first full view: `base` → `version`. */
export interface ViewPatch {
  /** The version this patch produces. */
  readonly version: number;
  /** The version the patch applies to; a client holding any other version asks for a full view (`sync`). */
  readonly base: number;
  readonly ops: readonly PatchOp[];
}

/** Thrown by applyPatch when an operation does not fit the document (a patch for another base). */
export class PatchMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchMismatchError';
  }
}

type Container = Record<string, unknown> | unknown[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON Pointer escaping (RFC 6901): `~` → `~0`, `/` → `~1`. */
const NEEDS_ESCAPE = /[~/]/;
const escapeToken = (token: string): string => (NEEDS_ESCAPE.test(token) ? token.replaceAll('~', '~0').replaceAll('/', '~1') : token);
const unescapeToken = (token: string): string => token.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * The operations that turn `from` into `to`. Objects are compared key by key, arrays index by index
 * (a reordered list becomes replaces; still correct, and orders change rarely). A key whose value is
 * `undefined` counts as absent, as it does once serialised.
 */
export function diff(from: unknown, to: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  diffInto(from, to, [], ops);
  return ops;
}

// The path is kept as a stack of tokens and turned into a pointer only for an operation: most of a
// view is unchanged, and building a string for every key walked costs more than the comparison.
function pointer(tokens: readonly (string | number)[], last?: string | number): string {
  let path = '';
  for (const t of tokens) path += segment(t);
  if (last !== undefined) path += segment(last);
  return path;
}

// A pointer's segments ('/combatants', '/3') are made once and shared by every path that has them,
// so a path is its segments joined, not a fresh copy of each: a server keeps each seat's own
// operations for as long as they hold (docs/performance-log.md, "Sixth session"). Keys are the views'
// own (a handful of field names, ids, stat names); the cache stops growing at a size no view reaches.
const INDEX_SEGMENTS = Array.from({ length: 64 }, (_, i) => `/${i}`);
const KEY_SEGMENTS = new Map<string, string>();
const MAX_KEY_SEGMENTS = 4096;

function segment(token: string | number): string {
  if (typeof token === 'number') return INDEX_SEGMENTS[token] ?? `/${token}`;
  const known = KEY_SEGMENTS.get(token);
  if (known !== undefined) return known;
  const made = `/${escapeToken(token)}`;
  if (KEY_SEGMENTS.size < MAX_KEY_SEGMENTS) KEY_SEGMENTS.set(token, made);
  return made;
}

function diffInto(from: unknown, to: unknown, path: (string | number)[], ops: PatchOp[]): void {
  if (from === to) return;
  if (Array.isArray(from) && Array.isArray(to)) return diffArrays(from, to, path, ops);
  if (isObject(from) && isObject(to)) return diffObjects(from, to, path, ops);
  ops.push({ op: 'replace', path: pointer(path), value: to });
}

function diffObjects(from: Record<string, unknown>, to: Record<string, unknown>, path: (string | number)[], ops: PatchOp[]): void {
  // Own keys only, as JSON sees them (a view's ids may be any string, even "constructor"), in
  // Object.keys order. `for…in` with an own-key test rather than Object.keys: it walks a view's small
  // objects without making an array of their keys, and the server diffs several views per command.
  for (const key in from) {
    if (!Object.hasOwn(from, key)) continue;
    if (from[key] !== undefined && (!Object.hasOwn(to, key) || to[key] === undefined)) ops.push({ op: 'remove', path: pointer(path, key) });
  }
  for (const key in to) {
    if (!Object.hasOwn(to, key)) continue;
    const value = to[key];
    if (value === undefined) continue;
    const before = Object.hasOwn(from, key) ? from[key] : undefined;
    if (before === value) continue;
    if (before === undefined) {
      ops.push({ op: 'add', path: pointer(path, key), value });
      continue;
    }
    path.push(key);
    diffInto(before, value, path, ops);
    path.pop();
  }
}

function diffArrays(from: readonly unknown[], to: readonly unknown[], path: (string | number)[], ops: PatchOp[]): void {
  const common = Math.min(from.length, to.length);
  for (let i = 0; i < common; i++) {
    if (from[i] === to[i]) continue;
    path.push(i);
    diffInto(from[i], to[i], path, ops);
    path.pop();
  }
  for (let i = common; i < to.length; i++) ops.push({ op: 'add', path: pointer(path, i), value: to[i] });
  // From the end, so each index still names the element it meant.
  for (let i = from.length - 1; i >= common; i--) ops.push({ op: 'remove', path: pointer(path, i) });
}

/**
 * Whether `diff(from, to)` is empty, without building it: the test for "nothing changed" that runs
 * once per seat and command (the server compares each seat's own part with its last), so it stops at
 * the first difference and allocates nothing.
 */
export function sameJson(from: unknown, to: unknown): boolean {
  if (from === to) return true;
  if (Array.isArray(from)) {
    if (!Array.isArray(to) || from.length !== to.length) return false;
    for (let i = 0; i < from.length; i++) if (!sameJson(from[i], to[i])) return false;
    return true;
  }
  if (!isObject(from) || !isObject(to)) return false;
  // Own keys, as diffObjects walks them.
  for (const key in from) {
    if (!Object.hasOwn(from, key)) continue;
    if (from[key] !== undefined && (!Object.hasOwn(to, key) || to[key] === undefined)) return false;
  }
  for (const key in to) {
    if (!Object.hasOwn(to, key)) continue;
    const value = to[key];
    if (value === undefined) continue;
    if (!Object.hasOwn(from, key) || !sameJson(from[key], value)) return false;
  }
  return true;
}

/**
 * Applies `ops` to `doc` without changing it: the containers on each changed path are copied (once),
 * everything else is shared with `doc`. Throws PatchMismatchError when an operation does not fit.
 */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  // The containers this call made (a handful: the root and those on the changed paths), which later
  // operations may change in place. A list, not a WeakSet: clients apply every patch that reaches them.
  const copied: object[] = [];
  let root: unknown = doc;
  for (const op of ops) {
    if (op.path === '') {
      if (op.op === 'remove') throw new PatchMismatchError('cannot remove the whole document');
      root = op.value;
      continue;
    }
    const tokens = tokensOf(op.path);
    const last = tokens.pop();
    if (last === undefined) throw new PatchMismatchError(`bad path ${op.path}`);
    root = copyOf(root, copied);
    let parent = root as Container;
    for (const token of tokens) {
      const child = copyOf(read(parent, token, op.path), copied);
      write(parent, token, child, op.path);
      parent = child;
    }
    applyAt(parent, last, op);
  }
  return root as T;
}

/** A pointer's tokens, unescaped (most paths have nothing to unescape). */
function tokensOf(path: string): string[] {
  const tokens = path.split('/');
  tokens.shift();
  return path.includes('~') ? tokens.map(unescapeToken) : tokens;
}

function copyOf(value: unknown, copied: object[]): Container {
  if (typeof value !== 'object' || value === null) throw new PatchMismatchError('path runs through a value that is not an object or array');
  if (copied.includes(value)) return value as Container;
  const copy = Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
  copied.push(copy);
  return copy;
}

function indexOf(array: readonly unknown[], token: string, path: string, allowEnd: boolean): number {
  const index = token === '-' ? array.length : /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
  if (index < 0 || index > array.length || (index === array.length && !allowEnd)) {
    throw new PatchMismatchError(`index ${token} out of range at ${path}`);
  }
  return index;
}

function read(parent: Container, token: string, path: string): unknown {
  if (Array.isArray(parent)) return parent[indexOf(parent, token, path, false)];
  if (!Object.hasOwn(parent, token)) throw new PatchMismatchError(`no ${token} at ${path}`);
  return parent[token];
}

function write(parent: Container, token: string, value: unknown, path: string): void {
  if (Array.isArray(parent)) parent[indexOf(parent, token, path, false)] = value;
  else defineOwn(parent, token, value);
}

/**
 * A key like "__proto__" arrives as data: define it as an own property, never touch the prototype.
 * Every other key is assigned: an own data property either way, by the engine's fast path.
 */
function defineOwn(parent: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  else parent[key] = value;
}

function applyAt(parent: Container, token: string, op: PatchOp): void {
  if (Array.isArray(parent)) {
    const index = indexOf(parent, token, op.path, op.op === 'add');
    if (op.op === 'add') parent.splice(index, 0, op.value);
    else if (op.op === 'remove') parent.splice(index, 1);
    else parent[index] = op.value;
    return;
  }
  const present = Object.hasOwn(parent, token);
  if (op.op !== 'add' && !present) throw new PatchMismatchError(`no ${token} to ${op.op} at ${op.path}`);
  if (op.op === 'remove') delete parent[token];
  else defineOwn(parent, token, op.value);
}
