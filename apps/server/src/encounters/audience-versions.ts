import type { VersionedView } from '@roundkeeper/protocol';
import { diff, type PatchOp } from '@roundkeeper/protocol/view-patch';
import { project, type Audience, type CombatantId, type EncounterState, type EncounterView } from '@roundkeeper/rules';

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

/**
 * Each player's and spectator's version counts the changes of their own view, so a command that changes
 * nothing they can see changes nothing they are told: not their view, not its version, not the version
 * an ack or a stale-version refusal names. (The log's seq would tell them how many hidden events the GM
 * wrote between two views.)
 *
 * The counts are a pure function of the log, the same on every node and after every reload: a command
 * boundary is the end of a command's events (a run of events with the same command id; the creation
 * event and an import's events form the first). At each boundary the spectator's view and each PC's
 * seat view (seats hold one PC, `EncounterAccess.takeSeat`) are projected and compared with the last;
 * a changed one takes the next version. A PC is followed from the first boundary it exists at, its count
 * starting from the spectator's (what a seat on it would have seen before is public). Nodes reach the
 * same numbers whether they applied the commands one by one or caught up with several at once.
 */
export class AudienceVersions {
  #seq: number;
  #state: EncounterState;
  #spectator: AudienceView;
  readonly #seats = new Map<CombatantId, AudienceView>();

  /** The first boundary: the state after the creation (and import) events, whose last seq is `seq`. */
  constructor(state: EncounterState, seq: number) {
    this.#seq = seq;
    this.#state = state;
    this.#spectator = { version: AUDIENCE_VERSION_BASE + 1, view: project(state, { role: 'spectator' }) };
    this.#follow(state);
  }

  get state(): EncounterState {
    return this.#state;
  }

  get seq(): number {
    return this.#seq;
  }

  /** The end of one command's events: `state` after them, `seq` the last one's. */
  advance(state: EncounterState, seq: number): void {
    this.#seq = seq;
    this.#state = state;
    this.#spectator = next(this.#spectator, project(state, { role: 'spectator' }));
    for (const [id, seat] of this.#seats) this.#seats.set(id, next(seat, project(state, seatAudience(id))));
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
        return this.#spectator;
      case 'player':
        return this.#seat(audience);
      default: {
        const unreachable: never = audience;
        throw new Error(`unknown audience ${JSON.stringify(unreachable)}`);
      }
    }
  }

  #seat(audience: Extract<Audience, { role: 'player' }>): AudienceView {
    const [id, ...more] = audience.combatantIds;
    const followed = id !== undefined && more.length === 0 ? this.#seats.get(id) : undefined;
    if (followed) return followed;
    // Not a seat this encounter can have (no such PC, or several combatants): counted from the
    // spectator's version, so it never runs backwards and says nothing the spectator's would not.
    return { version: this.#spectator.version, view: project(this.#state, audience) };
  }

  #follow(state: EncounterState): void {
    for (const c of state.combatants) {
      if (c.side !== 'pc' || this.#seats.has(c.id)) continue;
      this.#seats.set(c.id, { version: this.#spectator.version, view: project(state, seatAudience(c.id)) });
    }
  }
}

/** The audience of a seat on one PC. */
const seatAudience = (id: CombatantId): Audience => ({ role: 'player', combatantIds: [id] });

/** The next view of an audience: a new version only when something in it changed. */
function next(before: AudienceView, view: EncounterView): AudienceView {
  const ops = diff(before.view, view);
  if (ops.length === 0) return before;
  return { version: before.version + 1, view, step: { base: before.version, ops } };
}
