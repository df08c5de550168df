import type { LogEvent } from '@roundkeeper/protocol';
import type { MAX_UNDO_DEPTH as RulesUndoDepth } from '@roundkeeper/rules';

// The round each log line happened in, followed through the events: 'round-started' sets it, and undo
// and redo swap whole snapshots (the round included) exactly as the rules' history does.

/** The rules keep this many snapshots; typed as theirs so the two cannot drift apart. */
const UNDO_DEPTH: typeof RulesUndoDepth = 50;

/** `null`: not known, because the log shown starts after the round was set. */
export type KnownRound = number | null;

export interface RoundTrack {
  readonly round: KnownRound;
  /** The round before each command that can still be undone, oldest first. */
  readonly past: readonly KnownRound[];
  /** The round of each undone command that can be redone, next first. */
  readonly future: readonly KnownRound[];
}

/** Before the first event of an encounter: round 0, nothing to undo. */
export const ROUND_AT_CREATION: RoundTrack = { round: 0, past: [], future: [] };
/** Before a log that starts later: nothing known until the next 'round-started'. */
export const ROUND_UNKNOWN: RoundTrack = { round: null, past: [], future: [] };

export function advanceRound(track: RoundTrack, event: LogEvent): RoundTrack {
  switch (event.type) {
    case 'round-started':
      return { ...track, round: event.round };
    case 'command-applied':
      return { round: track.round, past: [...track.past, track.round].slice(-UNDO_DEPTH), future: [] };
    case 'undone':
      // An undo past the start of the log shown lands on a round we never saw.
      return { round: track.past.at(-1) ?? null, past: track.past.slice(0, -1), future: [track.round, ...track.future] };
    case 'redone':
      return { round: track.future[0] ?? null, past: [...track.past, track.round].slice(-UNDO_DEPTH), future: track.future.slice(1) };
    default:
      return track;
  }
}

export const advanceRounds = (track: RoundTrack, events: readonly LogEvent[]): RoundTrack => events.reduce(advanceRound, track);
