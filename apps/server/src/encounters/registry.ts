import type { CommandAck } from '@roundkeeper/protocol';
import type { TurnPin } from '@roundkeeper/rules';
import type { EncounterLog } from '../store/encounter-log.js';
import type { Broadcaster } from './broadcaster.js';
import { EncounterRoom } from './room.js';
import { timerCommandId, TurnDeadlines } from './turn-deadlines.js';

/**
 * Rooms kept in memory beyond those in use. A room with clients on this node, or with work in its
 * queue, is never dropped: rebuilding it means reading and replaying its whole log, and a node holding
 * more live tables than this would do that for nearly every command (measured: docs/performance-log.md).
 * Memory stays bounded by the clients connected. Idle rooms beyond the limit go, least recently used first.
 */
export const MAX_IDLE_ROOMS = 1000;
/**
 * How far back a start looks for encounters whose timer may auto-end: a day. An older one left in a
 * fight is abandoned (its timer stopped after a round of its own ends, ENG-42); it is armed again as
 * soon as anyone opens it.
 */
export const RESUME_DEADLINES_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RegistryDeps {
  readonly store: EncounterLog;
  readonly broadcaster: Broadcaster;
  /** No other process writes the store (PGlite), see RoomDeps. */
  readonly exclusiveStore?: boolean;
  readonly maxIdleRooms?: number;
  /** [ENG-39] The server's clock (Date.now unless a test injects one). */
  readonly now?: () => number;
  /** How the turn timer's ends went: a refused one is normal (the turn moved on), a failed one is not. */
  readonly onTimerEnd?: (encounterId: string, outcome: TimerEndOutcome) => void;
}

export type TimerEndOutcome =
  | { readonly kind: 'answered'; readonly ack: CommandAck }
  | { readonly kind: 'failed'; readonly error: unknown };

/** Loads, caches and evicts encounter rooms; every room it makes shares its store and broadcaster. */
export class EncounterRegistry {
  private readonly rooms = new Map<string, EncounterRoom>();
  /** Existence checks under way, by encounter (exists). */
  private readonly existenceChecks = new Map<string, Promise<boolean>>();
  private readonly maxIdleRooms: number;
  /** [ENG-39] The clock commands are decided at and clients are told (the `clock` message). */
  readonly now: () => number;
  private readonly deadlines: TurnDeadlines;

  constructor(private readonly deps: RegistryDeps) {
    this.maxIdleRooms = deps.maxIdleRooms ?? MAX_IDLE_ROOMS;
    this.now = deps.now ?? Date.now;
    this.deadlines = new TurnDeadlines(this.now, (encounterId, pin) => void this.endOnTime(encounterId, pin));
  }

  /**
   * [ENG-41] After a start: loads every encounter whose turn timer may auto-end, so a deadline that was
   * pending when the server stopped still fires (at once when it has passed). Resolves when all are armed.
   */
  async resumeDeadlines(): Promise<void> {
    const since = new Date(this.now() - RESUME_DEADLINES_WINDOW_MS);
    for (const encounterId of await this.deps.store.findTimedEncounters(since)) {
      const room = await this.open(encounterId);
      await room?.read(() => undefined);
    }
  }

  /** Stops the turn timer's deadlines (closing), then lets what they started finish. */
  async close(): Promise<void> {
    this.deadlines.close();
    await this.settled();
  }

  /** [ENG-41] The turn's time ran out: the timer's end of that very turn, under one id on every node. */
  private async endOnTime(encounterId: string, pin: TurnPin): Promise<void> {
    const report = this.deps.onTimerEnd ?? (() => {});
    try {
      const room = await this.open(encounterId);
      if (!room) return;
      const envelope = { commandId: timerCommandId(pin), command: { type: 'end-turn', turn: pin } } as const;
      await room.command(envelope, { role: 'gm' }, { role: 'gm' }, (ack) => report(encounterId, { kind: 'answered', ack }), { byTimer: true });
    } catch (error) {
      report(encounterId, { kind: 'failed', error });
    }
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
    if (!(await this.exists(encounterId))) return undefined;
    // Another caller may have opened it while we awaited; keep one room per encounter.
    const existing = this.rooms.get(encounterId);
    if (existing) return existing;
    const room = new EncounterRoom(encounterId, { ...this.deps, now: this.now, deadlines: this.deadlines });
    this.rooms.set(encounterId, room);
    this.evictBeyondLimit(encounterId);
    return room;
  }

  /**
   * Whether the encounter exists, asked once for all who open it at the same time: a table's sockets
   * coming back together (a node restarted) cost one look, not one each.
   */
  private exists(encounterId: string): Promise<boolean> {
    let asked = this.existenceChecks.get(encounterId);
    if (!asked) {
      asked = this.deps.store
        .findEncounter(encounterId)
        .then((record) => record !== undefined)
        .finally(() => this.existenceChecks.delete(encounterId));
      this.existenceChecks.set(encounterId, asked);
    }
    return asked;
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
