import type { EventStore } from '../store/event-store.js';
import type { Broadcaster } from './broadcaster.js';
import { EncounterRoom } from './room.js';

/**
 * Rooms kept in memory beyond those in use. A room with clients on this node, or with work in its
 * queue, is never dropped: rebuilding it means reading and replaying its whole log, and a node holding
 * more live tables than this would do that for nearly every command (measured: docs/performance.md).
 * Memory stays bounded by the clients connected. Idle rooms beyond the limit go, least recently used first.
 */
export const MAX_IDLE_ROOMS = 1000;

export interface RegistryDeps {
  readonly store: EventStore;
  readonly broadcaster: Broadcaster;
  /** No other process writes the store (PGlite), see RoomDeps. */
  readonly exclusiveStore?: boolean;
  readonly maxIdleRooms?: number;
}

/** Loads, caches and evicts encounter rooms; every room it makes shares its store and broadcaster. */
export class EncounterRegistry {
  private readonly rooms = new Map<string, EncounterRoom>();
  private readonly maxIdleRooms: number;

  constructor(private readonly deps: RegistryDeps) {
    this.maxIdleRooms = deps.maxIdleRooms ?? MAX_IDLE_ROOMS;
  }

  /** Rooms held in memory (a metrics gauge). */
  get size(): number {
    return this.rooms.size;
  }

  /**
   * Another node committed this encounter up to `version`. A cached room goes stale (its next use reads
   * the missing events); when this node has clients of the encounter they hear of it at once, even if
   * their room was evicted from the cache meanwhile.
   */
  async advanced(encounterId: string, version: number, hasLocalAudience: boolean): Promise<void> {
    const room = this.rooms.get(encounterId) ?? (hasLocalAudience ? await this.open(encounterId) : undefined);
    await room?.advanced(version, hasLocalAudience);
  }

  /**
   * Resolves once every room's queue is empty: each command taken so far is stored and answered. A
   * shutdown waits for it (src/shutdown.ts) so that nothing received is left half done.
   */
  async settled(): Promise<void> {
    while ([...this.rooms.values()].some((room) => !room.idle)) {
      await Promise.all([...this.rooms.values()].map((room) => room.settled()));
    }
  }

  /** The room of an existing encounter, or undefined when there is no such encounter. */
  async open(encounterId: string): Promise<EncounterRoom | undefined> {
    const cached = this.rooms.get(encounterId);
    if (cached) {
      // Re-insert to mark it most recently used.
      this.rooms.delete(encounterId);
      this.rooms.set(encounterId, cached);
      return cached;
    }
    if (!(await this.deps.store.findEncounter(encounterId))) return undefined;
    // Another caller may have opened it while we awaited; keep one room per encounter.
    const existing = this.rooms.get(encounterId);
    if (existing) return existing;
    const room = new EncounterRoom(encounterId, this.deps);
    this.rooms.set(encounterId, room);
    this.evictBeyondLimit(encounterId);
    return room;
  }

  /**
   * Drops idle rooms without clients here, least recently used first, until at most `maxIdleRooms` of
   * them remain; never `opened`, the room just handed out.
   */
  private evictBeyondLimit(opened: string): void {
    if (this.rooms.size <= this.maxIdleRooms) return;
    const idle = [...this.rooms].filter(([id, room]) => room.idle && this.deps.broadcaster.audiences(id).length === 0).map(([id]) => id);
    let excess = idle.length - this.maxIdleRooms;
    for (const id of idle) {
      if (excess <= 0) return;
      if (id === opened) continue;
      this.rooms.delete(id);
      excess -= 1;
    }
  }
}
