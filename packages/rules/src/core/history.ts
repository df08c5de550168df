// Undo and redo by snapshots. Each accepted command's 'command-applied' marker keeps the state
// before it; 'undone' and 'redone' swap whole snapshots, the dice generator included, so a roll
// made again after an undo gives the same faces (nobody can fish for a better roll).
import type { EncounterState, History, Snapshot } from './model.js';

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
  history: { past: keptWith(state.history.past, snapshotOf(state)), future: [] },
});

/** The last MAX_UNDO_DEPTH - 1 snapshots of `past` and then `latest`: one new array per command, not two. */
function keptWith(past: readonly Snapshot[], latest: Snapshot): Snapshot[] {
  const kept = past.slice(Math.max(0, past.length - MAX_UNDO_DEPTH + 1));
  kept.push(latest);
  return kept;
}

/** 'undone': back to the last snapshot; the current state becomes the first to redo. */
export function undo(state: EncounterState): EncounterState {
  const previous = state.history.past.at(-1);
  if (!previous) throw new Error("'undone' without anything to undo: decide should have refused.");
  return {
    ...previous,
    history: { past: state.history.past.slice(0, -1), future: [snapshotOf(state), ...state.history.future] },
  };
}

/** 'redone': forward to the next snapshot; the current state goes back on the undo list. */
export function redo(state: EncounterState): EncounterState {
  const next = state.history.future[0];
  if (!next) throw new Error("'redone' without anything to redo: decide should have refused.");
  return {
    ...next,
    history: { past: keptWith(state.history.past, snapshotOf(state)), future: state.history.future.slice(1) },
  };
}
