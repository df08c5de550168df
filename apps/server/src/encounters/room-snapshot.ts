import { evolve, type EncounterState } from '@roundkeeper/rules';
import type { AudienceCheckpoint, StoredEvent } from '../store/encounter-log.js';
import { AudienceVersions } from './audience-versions.js';

// A room's state rebuilt from its log: what room.ts keeps, and how a load or a catch-up makes it.

/** What the room keeps in memory; rebuilt from the store on first use and after a conflict. */
export interface RoomSnapshot {
  readonly state: EncounterState;
  /** Seq of the last event applied. */
  readonly version: number;
  /** Every audience's view and version at this state (a catch-up advances it in place). */
  readonly audiences: AudienceVersions;
}

/**
 * Applies stored events to a snapshot (none: from the creation event), one command boundary at a time
 * (a run of events with the same command id), so every node counts audience versions alike.
 */
export function applyEvents(snapshot: RoomSnapshot | undefined, events: readonly StoredEvent[]): RoomSnapshot | undefined {
  let state = snapshot?.state;
  let audiences = snapshot?.audiences;
  let version = snapshot?.version ?? 0;
  events.forEach((stored, i) => {
    state = evolve(state, stored.event);
    version = stored.seq;
    const following = events[i + 1];
    if (following && following.commandId === stored.commandId) return;
    if (audiences) audiences.advance(state, version);
    else audiences = new AudienceVersions(state, version);
  });
  return state && audiences ? { state, version, audiences } : undefined;
}

/**
 * The whole log applied: the states up to the checkpoint's seq evolved alone, the audience counts
 * resumed there, and only the commands after it counted (applyEvents): none when the last command
 * was stored with its counts, as every command is now. Without a usable checkpoint (an encounter
 * whose commands predate them, an import not played yet), every command is counted from the creation.
 */
export function replay(events: readonly StoredEvent[], checkpoint: AudienceCheckpoint | undefined): RoomSnapshot | undefined {
  const at = checkpoint ? events.findIndex((e) => e.seq === checkpoint.seq) : -1;
  if (!checkpoint || at < 0) return applyEvents(undefined, events);
  const state = events.slice(0, at + 1).reduce<EncounterState | undefined>((s, stored) => evolve(s, stored.event), undefined);
  if (!state) return applyEvents(undefined, events);
  const resumed: RoomSnapshot = { state, version: checkpoint.seq, audiences: new AudienceVersions(state, checkpoint.seq, checkpoint) };
  return applyEvents(resumed, events.slice(at + 1));
}
