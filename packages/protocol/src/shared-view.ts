// Shared views (`sharedViews: true` in the handshake): most of a turn is the same for everyone at the
// table, so the public part (the spectator's view) goes once to the whole table, one encoding, one room
// broadcast, and each seat gets only its own part, when that changed. A player's view is the public
// view with the seat's own part applied; its version is the public version plus the own part's.
//
// Free of zod and of any other module, like view-patch.ts: the browser clients and the bench import it
// through `@roundkeeper/protocol/shared-view`.
import { applyPatch, type PatchOp, type ViewPatch } from './view-patch.js';

/** The public view whole: after every connect, and when no base is known. */
export interface PublicView<V = unknown> {
  readonly version: number;
  readonly view: V;
}

/** The public view's change from `base` to `version`, the same frame for every shared socket of the table. */
export type PublicPatch = ViewPatch;

/**
 * A seat's own part: the operations that turn the public view into the seat's view (its own
 * combatant's stats, resources, health numbers, `mine`, the system's own bits). Sent whole, only when
 * it changed, just before the public change it goes with (`public` is that public version).
 */
export interface OwnPart {
  /** Counts the changes of this seat's own part. */
  readonly version: number;
  /** The public version these operations apply to. */
  readonly public: number;
  readonly ops: readonly PatchOp[];
}

/** Both parts, as a `sync` answers a shared socket. */
export interface SharedParts<V = unknown> {
  readonly public: PublicView<V>;
  /** null for spectators. */
  readonly own: OwnPart | null;
}

/** What a shared socket can be told. */
export type SharedMessage<V> =
  | { readonly kind: 'public-view'; readonly message: PublicView<V> }
  | { readonly kind: 'public-patch'; readonly message: PublicPatch }
  | { readonly kind: 'own'; readonly message: OwnPart };

/** The outcome of one message: a merged view, nothing yet (waiting for the public part), or a gap to `sync` over. */
export type Assembled<V> = { readonly kind: 'view'; readonly version: number; readonly view: V } | { readonly kind: 'wait' } | { readonly kind: 'gap' };

/**
 * Holds a shared socket's public view and own part and merges them. Messages of one socket come in
 * order: an own part before the public change it goes with, so an own part for a newer public version
 * waits for it; a patch for another base than the one held is a gap (ask `sync`, take its parts).
 */
export class SharedViewAssembler<V> {
  #public: PublicView<V> | null = null;
  #own: OwnPart | null = null;
  #pending: OwnPart | null = null;

  /** Forgets everything: a new connection starts with the parts the server sends first. */
  clear(): void {
    this.#public = null;
    this.#own = null;
    this.#pending = null;
  }

  /** Starts over from a `sync` answer's parts. */
  reset(parts: SharedParts<V>): Assembled<V> {
    this.#public = parts.public;
    this.#own = parts.own;
    this.#pending = null;
    return this.#merge();
  }

  receive(message: SharedMessage<V>): Assembled<V> {
    switch (message.kind) {
      case 'public-view':
        this.#public = message.message;
        return this.#merge();
      case 'public-patch': {
        const held = this.#public;
        if (held && message.message.version <= held.version) return { kind: 'wait' };
        if (!held || held.version !== message.message.base) return { kind: 'gap' };
        try {
          this.#public = { version: message.message.version, view: applyPatch(held.view, message.message.ops) };
        } catch {
          return { kind: 'gap' };
        }
        return this.#merge();
      }
      case 'own': {
        const own = message.message;
        if (this.#own && own.version <= this.#own.version) return { kind: 'wait' };
        const held = this.#public?.version;
        if (held === undefined || own.public > held) {
          this.#pending = own;
          return { kind: 'wait' };
        }
        if (own.public < held) return { kind: 'gap' };
        this.#own = own;
        return this.#merge();
      }
      default: {
        const unreachable: never = message;
        throw new Error(`unknown shared message ${JSON.stringify(unreachable)}`);
      }
    }
  }

  #merge(): Assembled<V> {
    const held = this.#public;
    if (!held) return { kind: 'wait' };
    if (this.#pending) {
      if (this.#pending.public > held.version) return { kind: 'wait' };
      if (this.#pending.public < held.version) return { kind: 'gap' };
      this.#own = this.#pending;
      this.#pending = null;
    }
    const own = this.#own;
    if (!own) return { kind: 'view', version: held.version, view: held.view };
    try {
      return { kind: 'view', version: held.version + own.version, view: applyPatch(held.view, own.ops) };
    } catch {
      return { kind: 'gap' };
    }
  }
}
