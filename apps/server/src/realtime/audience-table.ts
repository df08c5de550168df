import type { Principal } from '../auth/principal.js';
import type { AudienceChannel } from '../encounters/broadcaster.js';
import { roomName } from './audience-rooms.js';

/**
 * How a socket takes its views: whole every time, patches after the first (`viewPatches`), or the
 * table's public part and its seat's own part apart (`sharedViews`, players and spectators).
 */
export type Delivery = 'whole' | 'patch' | 'shared';

/** What a socket's handshake asked for, and who it is. */
interface Asked {
  readonly principal: Pick<Principal, 'role'>;
  readonly viewPatches: boolean;
  readonly sharedViews: boolean;
}

/** How a socket takes its views. The GM's view has no public part to share: a GM that asks for shared views gets patches. */
export function deliveryOf({ principal, viewPatches, sharedViews }: Asked): Delivery {
  return sharedViews && principal.role !== 'gm' ? 'shared' : viewPatches || sharedViews ? 'patch' : 'whole';
}

interface Entry {
  readonly channel: AudienceChannel;
  whole: number;
  patch: number;
  shared: number;
}

const NONE = { whole: 0, patch: 0, shared: 0 } as const;

/**
 * Which audiences of which encounters have sockets on this node, and how many of each delivery.
 * Socket.IO's own rooms hold the sockets; this holds what the rooms don't: each audience's channel
 * (a seat's combatants), so a room knows whom to project for without a seat list of its own, and
 * answers "anyone here?" without string keys per question.
 */
export class AudienceTable {
  private readonly encounters = new Map<string, Map<string, Entry>>();
  /** Each encounter's channels as an array, rebuilt only when an audience comes or goes (read per command). */
  private readonly channels = new Map<string, readonly AudienceChannel[]>();
  /** Shared-view sockets per encounter. */
  private readonly shared = new Map<string, number>();

  /** Counts one socket in. Its caller counts it out with `remove`, once (the gateway keeps whether it did in the socket's data). */
  add(encounterId: string, channel: AudienceChannel, delivery: Delivery): void {
    const key = roomName(encounterId, channel);
    let entries = this.encounters.get(encounterId);
    if (!entries) this.encounters.set(encounterId, (entries = new Map()));
    let entry = entries.get(key);
    if (!entry) {
      entries.set(key, (entry = { channel, whole: 0, patch: 0, shared: 0 }));
      this.channels.delete(encounterId);
    }
    entry[delivery] += 1;
    if (delivery === 'shared') this.shared.set(encounterId, (this.shared.get(encounterId) ?? 0) + 1);
  }

  /** Counts one socket out, as it was counted in. */
  remove(encounterId: string, channel: AudienceChannel, delivery: Delivery): void {
    const key = roomName(encounterId, channel);
    const entries = this.encounters.get(encounterId);
    const entry = entries?.get(key);
    if (!entries || !entry) return;
    entry[delivery] -= 1;
    if (delivery === 'shared') {
      const left = (this.shared.get(encounterId) ?? 1) - 1;
      if (left > 0) this.shared.set(encounterId, left);
      else this.shared.delete(encounterId);
    }
    if (entry.whole + entry.patch + entry.shared > 0) return;
    entries.delete(key);
    this.channels.delete(encounterId);
    if (entries.size === 0) this.encounters.delete(encounterId);
  }

  /** The audiences of the encounter with at least one socket here. */
  audiences(encounterId: string): readonly AudienceChannel[] {
    const cached = this.channels.get(encounterId);
    if (cached) return cached;
    const entries = this.encounters.get(encounterId);
    const list = entries ? [...entries.values()].map((e) => e.channel) : [];
    if (entries) this.channels.set(encounterId, list);
    return list;
  }

  /** Sockets of one audience here, by delivery. */
  count(encounterId: string, channel: AudienceChannel): { readonly whole: number; readonly patch: number; readonly shared: number } {
    return this.encounters.get(encounterId)?.get(roomName(encounterId, channel)) ?? NONE;
  }

  /** Shared-view sockets of the encounter here, of every audience: the public part's room. */
  sharedCount(encounterId: string): number {
    return this.shared.get(encounterId) ?? 0;
  }

  /** Whether the audience has a socket on this node. */
  listening(encounterId: string, channel: AudienceChannel): boolean {
    return this.encounters.get(encounterId)?.has(roomName(encounterId, channel)) ?? false;
  }

  /** The encounters with at least one socket on this node. */
  encounterIds(): string[] {
    return [...this.encounters.keys()];
  }

  /** Whether any socket of the encounter, of any audience, is on this node. */
  has(encounterId: string): boolean {
    return this.encounters.has(encounterId);
  }
}
