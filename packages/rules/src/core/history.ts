// Undo and redo by snapshots. Each accepted command's 'command-applied' marker keeps the state
// before it; 'undone' and 'redone' swap whole states, the dice generator included, so a roll
// made again after an undo gives the same faces (nobody can fish for a better roll).
//
// Only the newest entry of `past` is kept whole. When the next command comes, it shrinks to the
// fields in which it differs from the state then (a `Step`): a turn ended changes `turn` and
// `acted`, so each of the 50 entries an encounter keeps holds those two fields' old values instead
// of a copy of all of them (docs/performance-log.md, "Sixth session").
import type { EncounterState, History, Snapshot, Step } from './model.js';

/** How many commands back the GM can undo; older snapshots are dropped. */
export const MAX_UNDO_DEPTH = 50;

export const EMPTY_HISTORY: History = { past: [], future: [] };

export function snapshotOf(state: EncounterState): Snapshot {
  const { history: _history, ...snapshot } = state;
  return snapshot;
}

/** 'command-applied': keep the state before the command; a new command clears what could be redone. */
export const remember = (state: EncounterState): EncounterState => ({
  ...state,
  history: { past: keptWith(state.history.past, state), future: [] },
});

/**
 * The last MAX_UNDO_DEPTH - 1 entries of `past`, the newest of them shrunk to its step from `state`,
 * and then `state` whole. One array per command, made at its final size.
 */
function keptWith(past: readonly Step[], state: EncounterState): Step[] {
  const from = Math.max(0, past.length - MAX_UNDO_DEPTH + 1);
  const kept = new Array<Step>(past.length - from + 1);
  for (let i = from; i < past.length - 1; i++) kept[i - from] = past[i] as Step;
  const newest = past.at(-1);
  if (newest) kept[past.length - 1 - from] = stepBack(newest as Snapshot, state);
  kept[kept.length - 1] = snapshotOf(state);
  return kept;
}

/** 'undone': back to the last snapshot; the current state becomes the first to redo. */
export function undo(state: EncounterState): EncounterState {
  const previous = state.history.past.at(-1) as Snapshot | undefined;
  if (!previous) throw new Error("'undone' without anything to undo: decide should have refused.");
  const past = state.history.past.slice(0, -1);
  // The entry before it was a step from `previous`: it is the newest now, so it is made whole.
  const before = past.at(-1);
  if (before) past[past.length - 1] = restored(previous, before);
  return { ...previous, history: { past, future: [snapshotOf(state), ...state.history.future] } };
}

/** 'redone': forward to the next snapshot; the current state goes back on the undo list. */
export function redo(state: EncounterState): EncounterState {
  const next = state.history.future[0];
  if (!next) throw new Error("'redone' without anything to redo: decide should have refused.");
  return { ...next, history: { past: keptWith(state.history.past, state), future: state.history.future.slice(1) } };
}

// A state's fields by name: how a step is made and read back (Snapshot's fields are all readonly data).
type Fields = Readonly<Record<string, unknown>>;

/**
 * The fields of `older` whose values differ from `newer`'s; a field `older` lacks (an optional one
 * `newer` has) is there as undefined. By value, not identity: replaying a log gives states equal to
 * the ones built step by step, not the same objects (an event may carry an array the deciding state
 * held), and their histories must be equal too. States share every part a command left alone, so
 * the comparison stops at the first identical object on each path.
 */
function stepBack(older: Snapshot, newer: EncounterState): Step {
  const was = older as unknown as Fields;
  const now = newer as unknown as Fields;
  const step: Record<string, unknown> = {};
  for (const key in was) if (!sameValue(was[key], now[key])) step[key] = was[key];
  for (const key in now) if (key !== 'history' && !(key in was)) step[key] = undefined;
  return step as Step;
}

/** The state a step was made back to, from the one it was made from: its fields in `newer`'s order. */
function restored(newer: Snapshot, step: Step): Snapshot {
  const now = newer as unknown as Fields;
  const back = step as Fields;
  const state: Record<string, unknown> = {};
  for (const key in now) {
    const value = key in back ? back[key] : now[key];
    if (value !== undefined) state[key] = value;
  }
  for (const key in back) if (!(key in now) && back[key] !== undefined) state[key] = back[key];
  return state as unknown as Snapshot;
}

/**
 * Deep equality of state data (plain objects, arrays, primitives), identical objects first. The
 * protocol's `sameJson` compares views alike, but the protocol package sits above this one.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (Array.isArray(b)) return false;
  const x = a as Fields;
  const y = b as Fields;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && sameValue(x[key], y[key]));
}
