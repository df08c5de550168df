// Faults under load: two nodes sharing a PostgreSQL and a Redis of this test's own (its own initdb
// cluster and redis-server on free ports, so the machine's shared servers are never touched), four GM
// sockets sending commands without pause, and watchers on the real client class on both nodes.
// PostgreSQL is killed (pg_ctl stop -m immediate) and started again; then Redis is killed and started
// again, empty. What must hold (docs/reliability.md):
// - while the database is gone, commands and HTTP answer `busy` (503 over HTTP), never `internal`;
// - the nodes recover by themselves once it is back; nobody restarts them;
// - every acknowledged command is in the log, exactly once, at the version its ack gave;
// - without Redis, commands still commit (PostgreSQL is the truth) and the limits let requests through;
// - every client ends on the log's end (a GM at its last seq, a spectator at the spectator's version
//   there: versions are per audience), whichever node it is on, and a node that missed
//   notices while Redis was away catches its clients up by itself once Redis is back.
// It prints the figures docs/reliability.md quotes. Skipped, saying why, only when the binaries are missing.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAck, CreateEncounterResponse, EncounterExport } from '@roundkeeper/protocol';
import type { EncounterConnection } from '../../../packages/client/src/index.js';
import { openConnection } from './helpers/encounter-connection.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { createPrivatePostgres, findPostgresBinaries, pingPostgres, type PrivatePostgres } from './helpers/private-postgres.js';
import { createPrivateRedis, redisServerInstalled, type PrivateRedis } from './helpers/private-redis.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, newCommandId, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const SENDERS_PER_NODE = 2;
/** Pause between one sender's commands: four senders make about 60 commands a second in all. */
const SEND_PAUSE_MS = 50;
/** A sender that hears `busy` waits this long and sends the same id again, as the client class does. */
const BUSY_PAUSE_MS = 200;
/** How long each fault lasts, and how long the load runs between faults. */
const OUTAGE_MS = 3_000;
const STEADY_MS = 1_500;
/** The nodes must be back to committing within this long after PostgreSQL accepts connections again. */
const RECOVERY_BOUND_MS = 10_000;
/** Watchers must reach the log's last version within this long after the load stops. */
const CONVERGE_BOUND_MS = 15_000;
const FAULTS_TEST_TIMEOUT_MS = 120_000;

const binDir = findPostgresBinaries();
const missing = [binDir ? null : 'initdb and pg_ctl (PostgreSQL server binaries; set PG_BIN)', redisServerInstalled() ? null : 'redis-server'].filter(
  (m): m is string => m !== null,
);
if (missing.length > 0) console.warn(`faults.test.ts skipped: ${missing.join(' and ')} not installed`);

interface Outcome {
  readonly at: number;
  readonly code: string;
}

/** One GM socket sending `apply-damage` in a loop; `busy` and lost acks are resent with the same id. */
class Sender {
  readonly outcomes: Outcome[] = [];
  readonly acked = new Map<string, number>();
  readonly unexpected: CommandAck[] = [];
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly client: TestClient,
    private readonly targetId: string,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const commandId = newCommandId();
      // Once sent, a command is followed to its answer even after stop(): its fate must be known.
      for (;;) {
        let ack: CommandAck;
        try {
          ack = await this.client.command({ type: 'apply-damage', targets: [{ combatantId: this.targetId, amount: 1 }] }, { commandId });
        } catch {
          this.outcomes.push({ at: Date.now(), code: 'no-answer' });
          await sleep(BUSY_PAUSE_MS);
          continue;
        }
        this.outcomes.push({ at: Date.now(), code: ack.ok ? 'ok' : ack.code });
        if (ack.ok) {
          this.acked.set(commandId, ack.version);
          break;
        }
        if (ack.code === 'busy') {
          await sleep(BUSY_PAUSE_MS);
          continue;
        }
        this.unexpected.push(ack);
        break;
      }
      await sleep(SEND_PAUSE_MS);
    }
  }
}

const countIn = (outcomes: readonly Outcome[], from: number, to: number, code: string) => outcomes.filter((o) => o.at >= from && o.at < to && o.code === code).length;

async function until(condition: () => Promise<boolean> | boolean, boundMs: number, what: string): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > boundMs) throw new Error(`${what}: not within ${boundMs} ms`);
    await sleep(25);
  }
  return Date.now() - start;
}

const SUITE_TITLE = 'faults under load: PostgreSQL restarted, Redis taken away and back';

describe.skipIf(missing.length > 0)(missing.length > 0 ? `${SUITE_TITLE} (skipped: ${missing.join(' and ')} not installed)` : SUITE_TITLE, () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  const nodes: TestServer[] = [];
  const sockets: TestClient[] = [];
  const watchers: EncounterConnection[] = [];
  /** The watchers holding the GM's view (versions are the log's seqs); the others hold the spectator's. */
  const gmWatchers = new Set<EncounterConnection>();
  /** Both nodes' warnings and errors: a failure below shows the errors, so a rare one explains itself. */
  const serverLog: string[] = [];
  const serverErrors = () => serverLog.filter((line) => line.includes('"level":50')).join('\n');

  beforeAllOrFail(async () => {
    postgres = await createPrivatePostgres(binDir!);
    await postgres.start();
    redis = await createPrivateRedis();
    await redis.start();
    const cluster = { redisUrl: redis.url, keyPrefix: 'rk-faults' };
    for (let n = 0; n < 2; n++) nodes.push(await startServer({ driver: 'postgres', url: postgres.url }, { cluster, logLines: serverLog }));
  });

  afterAll(async () => {
    for (const w of watchers.splice(0)) w.close();
    for (const s of sockets.splice(0)) s.close();
    for (const node of nodes.splice(0)) await node.close();
    await redis?.kill();
    await postgres?.destroy();
  });

  it('answers busy while the database is gone, recovers by itself, loses no acknowledged command, and every client resyncs', { timeout: FAULTS_TEST_TIMEOUT_MS }, async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const created: CreateEncounterResponse = await createEncounterOver(a.url, 'Faults');
    const setup = await connectClient(a.url, authFor(created.encounterId, created.gmToken));
    sockets.push(setup);
    const added = await setup.command({ type: 'add-combatant', combatant: { name: 'Ogre', side: 'enemy', stats: {}, health: { max: 9_999 } } });
    expect(added.ok).toBe(true);
    const ogre = setup.latest().view.combatants.find((c) => c.name === 'Ogre');
    if (!ogre) throw new Error('the Ogre was not added');

    // Watchers: the real client class (what the pages use), a GM and a spectator on each node.
    for (const node of [a, b]) {
      const gmWatcher = openConnection(node.url, created.encounterId, created.gmToken);
      gmWatchers.add(gmWatcher);
      watchers.push(gmWatcher, openConnection(node.url, created.encounterId, created.spectatorToken));
    }
    const senders: Sender[] = [];
    for (const node of [a, b]) {
      for (let i = 0; i < SENDERS_PER_NODE; i++) {
        const socket = await connectClient(node.url, authFor(created.encounterId, created.gmToken), { reconnection: true });
        sockets.push(socket);
        senders.push(new Sender(socket, ogre.id));
      }
    }
    // A quiet table: its GM on node A, its overlay on node B, nobody else. What A commits while Redis is
    // away reaches B only when B catches up by itself once the link is back (no later commit helps).
    const quiet = await createEncounterOver(a.url, 'Quiet');
    const quietGm = await connectClient(a.url, authFor(quiet.encounterId, quiet.gmToken));
    sockets.push(quietGm);
    const quietOverlay = openConnection(b.url, quiet.encounterId, quiet.spectatorToken);
    watchers.push(quietOverlay);

    const outcomes = () => senders.flatMap((s) => s.outcomes);
    for (const s of senders) s.start();
    await sleep(STEADY_MS);

    // PostgreSQL killed: every backend at once, as in a crash.
    const pgDown = Date.now();
    await postgres.stop('immediate');
    await sleep(OUTAGE_MS / 2);
    const readyWhileDown = await Promise.all([a, b].map((node) => callApi(`${node.url}/api/ready`, 'GET')));
    const createWhileDown = await callApi(`${b.url}/api/encounters`, 'POST', { body: { name: 'During', system: 'dnd5e' } });
    const syncWhileDown = await setup.sync(0);
    // A phone opening the page now: its handshake cannot check the token, and it must keep trying.
    const late = openConnection(b.url, created.encounterId, created.spectatorToken);
    watchers.push(late);
    const lateStatuses: string[] = [];
    late.subscribe((state) => lateStatuses.push(state.refusal ? `${state.status}:${state.refusal.code}` : state.status));
    await sleep(OUTAGE_MS / 2);
    const pgBack = Date.now();
    await postgres.start();
    const pgAccepting = Date.now();
    const recoveryMs = await until(() => countIn(outcomes(), pgAccepting, Infinity, 'ok') >= senders.length, RECOVERY_BOUND_MS, 'commands commit again on every sender');
    const readyAgainMs = await until(
      async () => (await Promise.all([a, b].map((node) => callApi(`${node.url}/api/ready`, 'GET')))).every((r) => r.status === 200),
      RECOVERY_BOUND_MS,
      'both nodes ready again',
    );
    await sleep(STEADY_MS);

    // Redis killed, then started again empty (it keeps nothing on disk).
    const redisDown = Date.now();
    await redis.kill();
    await sleep(OUTAGE_MS / 2);
    const joinStarted = Date.now();
    const joinWhileRedisDown = await callApi(`${b.url}/api/join/lookup`, 'POST', { body: { joinCode: created.joinCode } });
    const joinWhileRedisDownMs = Date.now() - joinStarted;
    for (const name of ['Bat', 'Rat', 'Cat']) {
      const ack = await quietGm.command({ type: 'add-combatant', combatant: { name, side: 'enemy', stats: {} } });
      if (!ack.ok) throw new Error(`quiet table refused: ${ack.code}`);
    }
    // The overlay's version is the spectator's own (not the GM's seq): what a spectator on A, whose room
    // committed the three, is given now is what the overlay on B must reach. Asked of A, never of B: a
    // sync on B would catch B up itself, and the test is that B does so unasked.
    const quietReference = await connectClient(a.url, authFor(quiet.encounterId, quiet.spectatorToken));
    sockets.push(quietReference);
    const quietExpected = quietReference.latest();
    expect(quietExpected.view.combatants.map((c) => c.name)).toEqual(expect.arrayContaining(['Bat', 'Rat', 'Cat']));
    await sleep(OUTAGE_MS / 2);
    // Nothing reached B while Redis was away: what follows is the catch-up's doing.
    expect(quietOverlay.state.view?.version).toBeLessThan(quietExpected.version);
    const redisBack = Date.now();
    await redis.start();
    const quietCaughtUpMs = await until(
      () => quietOverlay.state.view?.version === quietExpected.version,
      RECOVERY_BOUND_MS,
      'the quiet overlay on B catches up once Redis is back',
    );
    expect(quietOverlay.state.view?.view).toEqual(quietExpected.view);
    await sleep(STEADY_MS);
    const steadyEnd = Date.now();

    await Promise.all(senders.map((s) => s.stop()));
    const stopped = Date.now();

    // The log, read after everything: every acknowledged command exactly once, at the version its ack gave.
    const file = (await callApi(`${a.url}/api/encounters/${created.encounterId}/export`, 'GET', { bearer: created.gmToken })).body as EncounterExport;
    const log = file.events;
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
    const seqOf = new Map<string, number[]>();
    for (const e of log) if (e.commandId) seqOf.set(e.commandId, [...(seqOf.get(e.commandId) ?? []), e.seq]);
    const acked = new Map(senders.flatMap((s) => [...s.acked]));
    for (const [commandId, version] of acked) {
      // A command's events are consecutive and end at the version its ack gave (one command, written once).
      const seqs = seqOf.get(commandId) ?? [];
      expect(seqs.at(-1), `acknowledged ${commandId} is in the log`).toBe(version);
      expect(seqs, `${commandId} written once`).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
    }
    const lastSeq = log.at(-1)!.seq;

    // Every client resyncs to the log's end, on both nodes, by itself: a GM to the log's last seq, a
    // spectator to the spectator's version there, as a spectator connecting to A now is given it.
    const spectatorEnd = await connectClient(a.url, authFor(created.encounterId, created.spectatorToken));
    sockets.push(spectatorEnd);
    const publicEnd = await spectatorEnd.caughtUp();
    const expectedOf = (w: EncounterConnection) => (gmWatchers.has(w) ? lastSeq : publicEnd.version);
    const convergeMs = await until(
      () => watchers.filter((w) => w !== quietOverlay).every((w) => w.state.view?.version === expectedOf(w)),
      CONVERGE_BOUND_MS,
      'every watcher at the last version',
    );
    for (const w of watchers.filter((x) => x !== quietOverlay && !gmWatchers.has(x))) expect(w.state.view?.view).toEqual(publicEnd.view);

    const all = outcomes();
    const figures = {
      commandsAcked: acked.size,
      logLength: log.length,
      pgOutage: {
        ms: pgBack - pgDown,
        busyAnswers: countIn(all, pgDown, pgAccepting, 'busy'),
        okAnswers: countIn(all, pgDown, pgBack, 'ok'),
        internalAnswers: countIn(all, pgDown, pgAccepting, 'internal'),
        pgStartMs: pgAccepting - pgBack,
        firstCommitsOnEverySenderMs: recoveryMs,
        bothReadyMs: readyAgainMs,
      },
      redisOutage: {
        ms: redisBack - redisDown,
        okAnswers: countIn(all, redisDown, redisBack, 'ok'),
        otherAnswers: all.filter((o) => o.at >= redisDown && o.at < redisBack && o.code !== 'ok').length,
        joinLookupMs: joinWhileRedisDownMs,
        okAfterBack: countIn(all, redisBack, steadyEnd, 'ok'),
        quietOverlayCaughtUpMs: quietCaughtUpMs,
      },
      watchersConvergedMs: convergeMs,
      lateWatcherStatuses: [...new Set(lateStatuses)],
      stopToConvergedMs: Date.now() - stopped,
      codes: Object.fromEntries([...new Set(all.map((o) => o.code))].map((code) => [code, all.filter((o) => o.code === code).length])),
    };
    console.info(`faults figures: ${JSON.stringify(figures, null, 2)}`);

    expect(senders.flatMap((s) => s.unexpected), `unexpected answers; the servers' errors:\n${serverErrors()}`).toEqual([]);
    expect(figures.codes.internal ?? 0, 'no command answered internal').toBe(0);
    expect(figures.pgOutage.busyAnswers, 'commands answered busy while PostgreSQL was gone').toBeGreaterThan(0);
    for (const ready of readyWhileDown) expect(ready).toMatchObject({ status: 503, body: { code: 'busy' } });
    expect(createWhileDown).toMatchObject({ status: 503, body: { code: 'busy' } });
    expect(createWhileDown.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(syncWhileDown).toMatchObject({ ok: false, code: 'busy' });
    // The late phone was told busy, kept trying, and is now online at the last version (checked above).
    expect(lateStatuses).not.toContain('refused:busy');
    expect(lateStatuses.filter((s) => s.startsWith('refused'))).toEqual([]);
    expect(late.state.status).toBe('online');
    // Redis gone: PostgreSQL still decides, commands still commit, and the limits let a join through.
    expect(figures.redisOutage.okAnswers).toBeGreaterThan(0);
    expect(joinWhileRedisDown.status).toBe(200);
    expect(figures.redisOutage.okAfterBack).toBeGreaterThan(0);
    expect(await pingPostgres(postgres.url)).toBe(true);
  });
});
