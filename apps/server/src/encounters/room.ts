import { ERROR_MESSAGES, type CommandAck, type CommandEnvelope, type VersionedView } from '@roundkeeper/protocol';
import { diff, type ViewPatch } from '@roundkeeper/protocol/view-patch';
import type { SharedParts } from '@roundkeeper/protocol/shared-view';
import { decide, evolve, type Actor, type Audience, type EncounterState, type EncounterView } from '@roundkeeper/rules';
import { FIRST_SEQ, StoreConflictError, type EncounterLog } from '../store/encounter-log.js';
import type { AudienceView } from './audience-versions.js';
import { audienceOfChannel, type Broadcaster } from './broadcaster.js';
import { applyEvents, replay, type RoomSnapshot } from './room-snapshot.js';
import { RememberedAnswers } from './remembered-answers.js';
import { SerialQueue } from './serial-queue.js';
import type { TurnDeadlines } from './turn-deadlines.js';

/**
 * Catch-up-and-retry rounds after another node took our seq. Each round reads only the events we
 * missed; running out means sustained contention, answered with 'busy' (the client resends the same id).
 */
const MAX_CONFLICT_RETRIES = 8;

export class EncounterNotFoundError extends Error {
  constructor(readonly encounterId: string) {
    super(`no encounter ${encounterId}`);
    this.name = 'EncounterNotFoundError';
  }
}

/** The answer when other nodes kept winning the race for the next seq; nothing was written. */
const BUSY: CommandAck = { ok: false, code: 'busy', message: ERROR_MESSAGES.busy };

export interface RoomDeps {
  readonly store: EncounterLog;
  readonly broadcaster: Broadcaster;
  /**
   * No other process writes this store (PGlite): the cache is the truth, so a view asked for needs no
   * look at the store first. False (PostgreSQL) whether or not Redis links the nodes.
   */
  readonly exclusiveStore?: boolean;
  /** [ENG-39] The server's clock, passed into the rules with every command; Date.now unless a test injects one. */
  readonly now?: () => number;
  /** [ENG-41] Told every state the room reaches, to arm the turn timer's deadline. */
  readonly deadlines?: Pick<TurnDeadlines, 'update'>;
}

/** [ENG-41] How a command came: from a person (through a socket or HTTP), or from the turn timer. */
export interface CommandSource {
  readonly byTimer?: boolean;
}

const viewOf = (snapshot: RoomSnapshot, audience: Audience): VersionedView => {
  const { version, view } = snapshot.audiences.current(audience);
  return { version, view };
};

/** The key of an audience's last published view: one per audience, whatever its sockets. */
function audienceKey(audience: Audience): string {
  return audience.role === 'player' ? `player:${audience.combatantIds.join(',')}` : audience.role;
}

/** Where the public part last published to the table's shared sockets is kept in `published`. */
const SHARED_PUBLIC = 'shared:public';

/** The two parts of an audience's view, for a shared-view socket. */
function partsOf(snapshot: RoomSnapshot, audience: Audience): SharedParts<EncounterView> {
  const { version, view } = snapshot.audiences.public;
  const own = snapshot.audiences.own(audience);
  return { public: { version, view }, own: own && { version: own.version, public: version, ops: own.ops } };
}

/** The patch from `before` (held by the audience's sockets) to `now`: the step already diffed when it is the one. */
function patchBetween(before: VersionedView, now: AudienceView): ViewPatch {
  const ops = now.step?.base === before.version ? now.step.ops : diff(before.view, now.view);
  return { version: now.version, base: before.version, ops };
}

/**
 * The authority for one encounter: runs its commands one at a time against the cached state,
 * persists the events before anyone hears of them, then publishes one projection per audience.
 * Knows the store and broadcaster ports, never Socket.IO or HTTP.
 */
export class EncounterRoom {
  private readonly queue = new SerialQueue();
  private snapshot: RoomSnapshot | undefined;
  private readonly answers = new RememberedAnswers();
  /** The seq this node's audiences were last brought up to: what they hear stays strictly increasing. */
  private publishedSeq = 0;
  /**
   * Each audience's view as its sockets on this node last received it: the base of its next patch.
   * Also the public part as the table's shared sockets hold it (SHARED_PUBLIC).
   */
  private readonly published = new Map<string, VersionedView>();
  /** Each seat's own part version as its shared sockets on this node last received it. */
  private readonly publishedOwn = new Map<string, number>();
  /** Highest version another node said it committed; the cache is stale while below it. */
  private announcedVersion = 0;
  /** First views asked for and not yet served (firstView). */
  private readonly waitingFirstViews: {
    readonly storeSeq: number;
    readonly give: (snapshot: RoomSnapshot) => void;
    readonly resolve: () => void;
    readonly reject: (error: unknown) => void;
  }[] = [];

  constructor(
    readonly encounterId: string,
    private readonly deps: RoomDeps,
  ) {}

  /** Nothing queued or running: the registry may drop this room (it is rebuilt from the store when needed). */
  get idle(): boolean {
    return this.queue.idle;
  }

  /** Resolves once every command queued so far (and any queued meanwhile) has been decided, stored and answered. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Decides and records one command; `reply` is called before anyone else is told. */
  command(envelope: CommandEnvelope, actor: Actor, audience: Audience, reply: (ack: CommandAck) => void, source: CommandSource = {}): Promise<void> {
    return this.queue.run(async () => {
      try {
        await this.execute(envelope, actor, audience, reply, 0, source);
      } catch (error) {
        // Whatever failed (store, bug in a rule), the cache may no longer match the log: rebuild it next time.
        this.snapshot = undefined;
        throw error;
      }
      // After the reply: the sender hears first. Also covers a catch-up that ended in a refusal.
      this.publishIfNew();
    });
  }

  /**
   * Another node committed up to `version`. The cache is stale from now on; when this node has
   * audiences for the encounter they are brought up to date at once (reading only the missing events).
   */
  advanced(version: number, hasLocalAudience: boolean): Promise<void> {
    this.announcedVersion = Math.max(this.announcedVersion, version);
    if (!hasLocalAudience) return Promise.resolve();
    return this.queue.run(async () => {
      await this.current();
      this.publishIfNew();
    });
  }

  /**
   * The current projection for one audience, ordered after every command queued before it. Checks the
   * store first (one cheap query): another node may have written, and a client asking is owed the truth.
   */
  view(audience: Audience): Promise<VersionedView> {
    return this.queue.run(async () => {
      const snapshot = await this.fresh();
      this.publishIfNew();
      return viewOf(snapshot, audience);
    });
  }

  /**
   * Hands the audience's current view to `deliver` inside the queue, so no broadcast can slip in
   * between: the gateway joins a socket to its audience room and sends the first view there.
   * `storeSeq` is the encounter's latest seq as the socket's handshake read it, after the client asked
   * to connect: the view given is at least that new (caught up when the cache is behind it), so a
   * reconnecting client never starts from a stale cache, without a look at the store of its own.
   */
  deliverView(audience: Audience, storeSeq: number, deliver: (message: VersionedView) => void): Promise<void> {
    return this.firstView(storeSeq, (snapshot) => {
      const message = viewOf(snapshot, audience);
      // Every socket of the audience here now holds this view: the next patch is made from it.
      this.published.set(audienceKey(audience), message);
      deliver(message);
    });
  }

  /**
   * `deliverView` for a shared-view socket: both parts, the public one as the table's shared sockets
   * now hold it, so the next public patch fits this socket too.
   */
  deliverParts(audience: Audience, storeSeq: number, deliver: (parts: SharedParts<EncounterView>) => void): Promise<void> {
    return this.firstView(storeSeq, (snapshot) => {
      const parts = partsOf(snapshot, audience);
      this.published.set(SHARED_PUBLIC, parts.public);
      if (parts.own) this.publishedOwn.set(audienceKey(audience), parts.own.version);
      deliver(parts);
    });
  }

  /**
   * Queues a socket's first view. The first views asked for while none is being served share one task
   * and at most one catch-up: a table whose eight sockets come back at once (a node restarted) reads
   * the store once, when its cache is behind the newest seq their handshakes read, and not at all when
   * it is not (a storm's first view used to cost a look at the store each: docs/performance-log.md).
   */
  private firstView(storeSeq: number, give: (snapshot: RoomSnapshot) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waitingFirstViews.push({ storeSeq, give, resolve, reject });
      if (this.waitingFirstViews.length === 1) void this.queue.run(() => this.giveFirstViews());
    });
  }

  private async giveFirstViews(): Promise<void> {
    // Taken before the catch-up: whoever asks from now on waits for the next task.
    const waiting = this.waitingFirstViews.splice(0);
    let snapshot: RoomSnapshot;
    try {
      snapshot = await this.atLeast(Math.max(...waiting.map((request) => request.storeSeq)));
      // Audiences already listening hear of the catch-up before the new sockets join them: none hears a version twice.
      this.publishIfNew();
    } catch (error) {
      for (const request of waiting) request.reject(error);
      return;
    }
    for (const request of waiting) {
      try {
        request.give(snapshot);
        request.resolve();
      } catch (error) {
        request.reject(error);
      }
    }
  }

  /** `view` for a shared-view socket: the view and the parts it is made of. */
  sharedView(audience: Audience): Promise<{ view: VersionedView; parts: SharedParts<EncounterView> }> {
    return this.queue.run(async () => {
      const snapshot = await this.fresh();
      this.publishIfNew();
      return { view: viewOf(snapshot, audience), parts: partsOf(snapshot, audience) };
    });
  }

  /** Runs `fn` with the current snapshot, in order with the commands. */
  read<T>(fn: (snapshot: RoomSnapshot) => T): Promise<T> {
    return this.queue.run(async () => {
      const snapshot = await this.current();
      this.publishIfNew();
      return fn(snapshot);
    });
  }

  /** The cached snapshot; loaded on first use, caught up when another node announced newer events. */
  private async current(): Promise<RoomSnapshot> {
    if (!this.snapshot) this.snapshot = await this.load();
    else if (this.snapshot.version < this.announcedVersion) this.snapshot = await this.catchUp(this.snapshot);
    return this.snapshot;
  }

  /** The snapshot at `seq` or later: the cache when it is that new, caught up with the store when not. */
  private async atLeast(seq: number): Promise<RoomSnapshot> {
    const snapshot = await this.current();
    if (snapshot.version >= seq) return snapshot;
    this.snapshot = await this.catchUp(snapshot);
    return this.snapshot;
  }

  /** The snapshot, caught up with events other nodes wrote since we last looked. */
  private async fresh(): Promise<RoomSnapshot> {
    if (!this.snapshot || this.deps.exclusiveStore) return this.current();
    const latest = await this.deps.store.latestSeq(this.encounterId);
    if (latest === undefined) throw new EncounterNotFoundError(this.encounterId);
    return this.atLeast(latest);
  }

  private async behindStore(snapshot: RoomSnapshot): Promise<boolean> {
    const latest = await this.deps.store.latestSeq(this.encounterId);
    return latest !== undefined && latest > snapshot.version;
  }

  /** Applies the events written after the snapshot's version (by another node); no full replay. */
  private async catchUp(snapshot: RoomSnapshot): Promise<RoomSnapshot> {
    const missed = await this.deps.store.loadSince(this.encounterId, snapshot.version);
    return applyEvents(snapshot, missed) ?? snapshot;
  }

  private async load(): Promise<RoomSnapshot> {
    // The checkpoint first: the log read after it reaches at least its seq. The whole log in one query
    // (no encounter row needed): an encounter that does not exist has none.
    const checkpoint = await this.deps.store.latestCheckpoint(this.encounterId);
    const snapshot = replay(await this.deps.store.loadSince(this.encounterId, FIRST_SEQ - 1), checkpoint);
    if (!snapshot) throw new EncounterNotFoundError(this.encounterId);
    return snapshot;
  }

  private async execute(
    envelope: CommandEnvelope,
    actor: Actor,
    audience: Audience,
    reply: (ack: CommandAck) => void,
    conflicts: number,
    source: CommandSource,
  ): Promise<void> {
    const { commandId, expectedVersion, command } = envelope;
    const snapshot = await this.current();
    const remembered = this.answers.get(commandId);
    if (remembered) return reply(this.answerFor(snapshot, audience, remembered));

    // The version the sender's view is at: a player's moves only when something they can see changed.
    const seen = snapshot.audiences.versionOf(audience);
    const stale = expectedVersion !== undefined && expectedVersion !== seen;
    const moment = { now: (this.deps.now ?? Date.now)(), byTimer: source.byTimer === true };
    const decision = stale ? undefined : decide(snapshot.state, command, actor, moment);
    if (!decision?.ok && conflicts < MAX_CONFLICT_RETRIES && (await this.behindStore(snapshot))) {
      // A refusal is an answer too: never give one on a cache another node has moved past.
      this.snapshot = await this.catchUp(snapshot);
      return this.execute(envelope, actor, audience, reply, conflicts + 1, source);
    }
    if (!decision?.ok) {
      // Not accepted now; it may have been before (a retry after a restart, or first sent to another node).
      const earlier = await this.deps.store.findCommand(this.encounterId, commandId);
      if (earlier) return reply(this.answerFor(snapshot, audience, this.answers.accepted(commandId, earlier)));
    }
    if (!decision) {
      // Not remembered: the client resyncs and may resend the same id against the fresh version.
      return reply({
        ok: false,
        code: 'stale-version',
        message: `The encounter changed (your view is at version ${seen}, your command was made at ${expectedVersion}); nothing was done.`,
        view: viewOf(snapshot, audience),
      });
    }
    if (!decision.ok) {
      const refusal: CommandAck = { ok: false, code: decision.violation.code, message: decision.violation.message };
      this.answers.refused(commandId, refusal);
      return reply(refusal);
    }

    const state = decision.events.reduce<EncounterState>((s, event) => evolve(s, event), snapshot.state);
    const version = snapshot.version + decision.events.length;
    const ack: CommandAck = { ok: true, version };
    // Counted before the write, on a copy (the write may fail), and stored with it: a load starts here.
    const audiences = snapshot.audiences.fork();
    audiences.advance(state, version);
    try {
      await this.deps.store.append(this.encounterId, snapshot.version, decision.events, { commandId, ack, checkpoint: audiences.checkpoint() });
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      // Another node wrote this seq (or this command id): nothing of ours was written. Catch up with the
      // log and decide again on the true state; the ack is never given for a decision on a stale state.
      const caughtUp = await this.catchUp(snapshot);
      this.snapshot = caughtUp;
      // The id itself was taken: the command was accepted before; its first answer stands.
      const earlier = await this.deps.store.findCommand(this.encounterId, commandId);
      if (earlier) return reply(this.answerFor(caughtUp, audience, this.answers.accepted(commandId, earlier)));
      if (conflicts >= MAX_CONFLICT_RETRIES) return reply(BUSY);
      return this.execute(envelope, actor, audience, reply, conflicts + 1, source);
    }
    const after: RoomSnapshot = { state, version, audiences };
    this.snapshot = after;
    reply(this.answerFor(after, audience, this.answers.accepted(commandId, ack)));
    this.deps.broadcaster.announce(this.encounterId, version);
  }

  /**
   * Sends this node's audiences the snapshot when they have not had its version yet. Every node
   * publishes only to its own sockets, from inside this queue, so each client sees versions strictly
   * increasing whichever node committed them (see docs/deployment.md, "Several nodes").
   */
  private publishIfNew(): void {
    const snapshot = this.snapshot;
    if (!snapshot || snapshot.version <= this.publishedSeq) return;
    this.publishedSeq = snapshot.version;
    this.deps.deadlines?.update(this.encounterId, snapshot.state);
    const { broadcaster } = this.deps;
    // One message per audience that has a socket on this node and whose view changed, emitted once to
    // its room; an audience that can see no change hears nothing. An audience without a socket here is
    // skipped: whoever joins it later gets a fresh view on connect (deliverView). Every socket listening
    // holds the audience's last published view (sent then, or on connect), so patches are made from it.
    const publicNow = snapshot.audiences.public;
    for (const channel of broadcaster.audiences(this.encounterId)) {
      const audience = audienceOfChannel(channel);
      const key = audienceKey(audience);
      // Shared views: a seat's own part, when it changed, before the public change it goes with.
      const own = snapshot.audiences.own(audience);
      if (own && this.publishedOwn.get(key) !== own.version) {
        this.publishedOwn.set(key, own.version);
        broadcaster.publishOwn(this.encounterId, channel, { version: own.version, public: publicNow.version, ops: own.ops });
      }
      const before = this.published.get(key);
      const now = snapshot.audiences.current(audience);
      if (before?.version === now.version) continue;
      // The audience's view itself, not a copy: a seat's is projected only if a socket here needs it whole or as a patch.
      this.published.set(key, now);
      broadcaster.publish(this.encounterId, channel, now, () => before && patchBetween(before, now));
    }
    // Shared views: the public part once for the whole table.
    const shared = this.published.get(SHARED_PUBLIC);
    if (shared?.version !== publicNow.version) {
      const message: VersionedView = { version: publicNow.version, view: publicNow.view };
      this.published.set(SHARED_PUBLIC, message);
      broadcaster.publishPublic(this.encounterId, message, () => shared && patchBetween(shared, publicNow));
    }
  }

  /**
   * An accepted command's answer as the sender may hear it: the GM gets the log's seq, a player the
   * version of their own view now (which includes the command's effect), never a seq that would count
   * the GM's hidden events.
   */
  private answerFor(snapshot: RoomSnapshot, audience: Audience, ack: CommandAck): CommandAck {
    if (!ack.ok || audience.role === 'gm') return ack;
    return { ok: true, version: snapshot.audiences.versionOf(audience) };
  }
}
