import type { VersionedView } from '@roundkeeper/protocol';
import { diff, sameJson, type PatchOp } from '@roundkeeper/protocol/view-patch';
import type { AudienceCheckpoint } from '../store/encounter-log.js';
import { audienceParts, project, type Audience, type AudienceParts, type CombatantId, type EncounterState, type EncounterView } from '@roundkeeper/rules';

/**
 * Player and spectator versions start above any log seq, so a page that held a seq-numbered view from
 * a server before per-audience versions (protocol 1 as first shipped) takes the first view after an
 * upgrade as newer instead of ignoring it. No encounter's log comes near 2^30 events (imports stop at
 * 20,000). The GM's versions stay the log's seqs.
 */
export const AUDIENCE_VERSION_BASE = 2 ** 30;

/** One audience's view as it stands, and how it got there from its version before (`base`). */
export interface AudienceView extends VersionedView {
  /** The version this one replaced, and the operations from that view to this one; absent for the first. */
  readonly step?: { readonly base: number; readonly ops: readonly PatchOp[] };
}

/** A seat's own part as kept: the operations from the public view to the seat's, and how often they changed. */
export interface OwnState {
  readonly version: number;
  readonly ops: readonly PatchOp[];
}

interface PartsPair {
  readonly public: AudienceParts;
  readonly seat: AudienceParts;
}

/**
 * Each player's and spectator's version counts the changes of what they can see, so a command that
 * changes nothing they can see changes nothing they are told: not their view, not its version, not the
 * version an ack or a stale-version refusal names. (The log's seq would tell them how many hidden events
 * the GM wrote between two views.)
 *
 * The public view is the spectator's; its version P counts its changes. A seat's own part is the list
 * of operations that turns the public view into the seat's view (its PC's stats, resources, health
 * numbers, `mine`, the system's own bits); its version O counts the changes of that list. The seat's
 * version is P + O: it moves whenever the seat's view does, and only for things the seat can see (a
 * public change or its own), and a client that takes the two parts apart (shared views) can add it up.
 *
 * The counts are a pure function of the log, the same on every node and after every reload: a command
 * boundary is the end of a command's events (a run of events with the same command id; the creation
 * event and an import's events form the first). At each boundary the spectator's view is projected and
 * compared with the last, and each PC seat's own part (seats hold one PC, `EncounterAccess.takeSeat`)
 * is worked out from its audience parts alone (ENG-44) and compared with the last.
 * A PC is followed from the first boundary it exists at, its own count from 0. Nodes reach the same
 * numbers whether they applied the commands one by one or caught up with several at once.
 */
export class AudienceVersions {
  #seq: number;
  #state: EncounterState;
  #public: AudienceView;
  /** One per PC followed, in the order they were first followed (a list: a room copies it for every command). */
  readonly #seats: Seat[];

  /**
   * The first boundary: the state after the creation (and import) events, whose last seq is `seq`. With
   * a checkpoint taken at that boundary (`checkpoint()`, `checkpoint.seq === seq`), the counts resume
   * from it instead: the views and own parts are worked out again from `state`, and they are the same
   * as the ones counted up to there (each is a function of the state), so both continue alike.
   */
  constructor(state: EncounterState, seq: number, checkpoint?: AudienceCheckpoint | AudienceVersions) {
    this.#seq = seq;
    this.#state = state;
    if (checkpoint instanceof AudienceVersions) {
      // fork(): the same counts and views, nothing projected again.
      this.#public = checkpoint.#public;
      this.#seats = checkpoint.#seats.slice();
      return;
    }
    this.#seats = [];
    this.#public = { version: checkpoint?.public ?? AUDIENCE_VERSION_BASE + 1, view: project(state, SPECTATOR) };
    for (const [id, version] of Object.entries(checkpoint?.seats ?? {})) this.#followSeat(state, id, version);
    this.#follow(state);
  }

  /** A copy at this boundary that advances without changing this one (a command not yet stored may fail). */
  fork(): AudienceVersions {
    return new AudienceVersions(this.#state, this.#seq, this);
  }

  /**
   * The counts at this boundary: enough, with the state at it, to go on counting without the log
   * before it. Every command is stored with the counts after it, so a room loaded after a restart
   * projects each audience once instead of after every command of the log.
   */
  checkpoint(): AudienceCheckpoint {
    return { seq: this.#seq, public: this.#public.version, seats: Object.fromEntries(this.#seats.map((seat) => [seat.id, seat.own.version])) };
  }

  get state(): EncounterState {
    return this.#state;
  }

  get seq(): number {
    return this.#seq;
  }

  /** The public view (the spectator's) and its version. */
  get public(): AudienceView {
    return this.#public;
  }

  /** The end of one command's events: `state` after them, `seq` the last one's. */
  advance(state: EncounterState, seq: number): void {
    this.#seq = seq;
    this.#state = state;
    const before = this.#public;
    this.#public = next(before, project(state, SPECTATOR));
    const publicMoved = this.#public !== before;
    const publicParts = partsOfView(this.#public.view);
    for (let i = 0; i < this.#seats.length; i++) {
      const seat = this.#seats[i] as Seat;
      const { id } = seat;
      // [ENG-44] The own part from the audience's parts alone: no seat's whole view is made here.
      let from: PartsPair = { public: publicParts, seat: audienceParts(state, seatAudience(id)) };
      let own = seat.own;
      if (sameDifference(seat.from, from)) {
        // Public lists that did not change (an ended turn: projection keeps them): the pair kept stays,
        // and the new one, equal in difference, dies young instead of living until the next command.
        if (samePublicLists(seat.from.public, from.public)) from = seat.from;
      } else {
        const ops = diff(from.public, from.seat);
        if (!sameJson(own.ops, ops)) own = { version: own.version + 1, ops: kept(ops) };
      }
      if (own === seat.own && !publicMoved) continue;
      this.#seats[i] = new Seat(own, from, this.#public.version + own.version, state, id);
    }
    this.#follow(state);
  }

  /** The audience's current version, without projecting the GM's view for it. */
  versionOf(audience: Audience): number {
    return audience.role === 'gm' ? this.#seq : this.current(audience).version;
  }

  /** The audience's current view and version (the GM's version is the log's seq). */
  current(audience: Audience): AudienceView {
    switch (audience.role) {
      case 'gm':
        return { version: this.#seq, view: project(this.#state, audience) };
      case 'spectator':
        return this.#public;
      case 'player':
        return this.#seat(audience) ?? this.#unfollowed(audience);
      default: {
        const unreachable: never = audience;
        throw new Error(`unknown audience ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** A seat's own part (null for the GM and spectators). */
  own(audience: Audience): OwnState | null {
    if (audience.role !== 'player') return null;
    const seat = this.#seat(audience);
    if (seat) return seat.own;
    const view = this.#unfollowed(audience);
    return { version: view.version - this.#public.version, ops: diff(this.#public.view, view.view) };
  }

  #seat(audience: Extract<Audience, { role: 'player' }>): Seat | undefined {
    const [id, ...more] = audience.combatantIds;
    return id !== undefined && more.length === 0 ? this.#seats.find((seat) => seat.id === id) : undefined;
  }

  /**
   * Not a seat this encounter can have (no such PC, or several combatants): versioned as the public
   * view, so it never runs backwards and says nothing the spectator's would not.
   */
  #unfollowed(audience: Audience): AudienceView {
    return { version: this.#public.version, view: project(this.#state, audience) };
  }

  #follow(state: EncounterState): void {
    for (const c of state.combatants) if (c.side === 'pc' && !this.#seats.some((seat) => seat.id === c.id)) this.#followSeat(state, c.id, 0);
  }

  /** Follows a seat (from now on) whose own part has changed `ownVersion` times. */
  #followSeat(state: EncounterState, id: CombatantId, ownVersion: number): void {
    const from = { public: partsOfView(this.#public.view), seat: audienceParts(state, seatAudience(id)) };
    const ops = kept(diff(from.public, from.seat));
    this.#seats.push(new Seat({ version: ownVersion, ops }, from, this.#public.version + ownVersion, state, id));
  }
}

const SPECTATOR: Audience = { role: 'spectator' };

/** A copy at its size of a list kept across commands (`diff` pushes, and V8 gives a pushed-to array room for 17). */
const kept = <T>(list: readonly T[]): readonly T[] => list.slice();

/** The audience of a seat on one PC. */
const seatAudience = (id: CombatantId): Audience => ({ role: 'player', combatantIds: [id] });

/** The audience's parts of a view, in the view's key order (so their patch is the view's, ENG-44). */
export const partsOfView = (view: EncounterView): AudienceParts => ({ audience: view.audience, combatants: view.combatants, groups: view.groups, ext: view.ext });

/**
 * A seat as kept: its own part, the parts that part was worked out from, and its view at `version`,
 * projected only when someone asks for it (a socket that takes whole views or patches, a stale-version
 * answer): shared-view sockets, most of a table, need only the own part. One object per seat (a room
 * keeps one per PC for its life), and a class, not an object literal with a getter: V8 keeps such a
 * literal in dictionary mode (~250 bytes per seat and command).
 */
class Seat implements AudienceView {
  #view: EncounterView | undefined;

  constructor(
    readonly own: OwnState,
    /** The parts `own.ops` was worked out from: the public view's and the seat's (see `sameDifference`). */
    readonly from: PartsPair,
    readonly version: number,
    private readonly state: EncounterState,
    readonly id: CombatantId,
  ) {}

  get view(): EncounterView {
    this.#view ??= project(this.state, seatAudience(this.id));
    return this.#view;
  }
}

/**
 * Whether the difference between a seat's parts and the public ones is, by identity, the one it was:
 * each entry of the seats' combatants and groups, and the system's part, either equals its public
 * counterpart now and did before, or is the very same pair of objects at the same place. Views are
 * immutable and a patch is a function of its two documents, so the own part's operations are then
 * the same, and neither the patch nor its comparison need be made. Most commands (a turn ended)
 * leave every seat's own combatant alone: this is the common answer, in a few identity checks.
 * False says only "work it out" (deep-equal but different objects fall there too).
 */
function sameDifference(before: PartsPair, now: PartsPair): boolean {
  return (
    before.seat.audience === now.seat.audience &&
    before.public.audience === now.public.audience &&
    sameEntries(before.public.combatants, before.seat.combatants, now.public.combatants, now.seat.combatants) &&
    sameEntries(before.public.groups, before.seat.groups, now.public.groups, now.seat.groups) &&
    samePair(before.public.ext, before.seat.ext, now.public.ext, now.seat.ext)
  );
}

/**
 * The same public lists of units: a pair kept with them then holds no older unit view than the new pair
 * would (at most an older `ext`, a few bytes, which a system may make afresh for every state).
 */
const samePublicLists = (before: AudienceParts, now: AudienceParts): boolean => before.combatants === now.combatants && before.groups === now.groups;

/** A pair of values (public, seat) now as before: no change either time, or the very same two objects. */
const samePair = (public0: unknown, seat0: unknown, public1: unknown, seat1: unknown): boolean =>
  public1 === seat1 ? public0 === seat0 : public0 === public1 && seat0 === seat1;

function sameEntries(public0: readonly unknown[], seat0: readonly unknown[], public1: readonly unknown[], seat1: readonly unknown[]): boolean {
  if (public1 === seat1) return public0 === seat0;
  // The same lengths as before, so each index names the same place and the tails match (a combatant
  // added or removed is rare enough to be worked out afresh).
  if (public0.length !== public1.length || seat0.length !== seat1.length) return false;
  const length = Math.max(public1.length, seat1.length);
  for (let i = 0; i < length; i++) if (!samePair(public0[i], seat0[i], public1[i], seat1[i])) return false;
  return true;
}

/** The next public view: a new version only when something in it changed. */
function next(before: AudienceView, view: EncounterView): AudienceView {
  const ops = diff(before.view, view);
  if (ops.length === 0) return before;
  return { version: before.version + 1, view, step: { base: before.version, ops } };
}
