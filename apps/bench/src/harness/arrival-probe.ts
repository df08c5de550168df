import { performance } from 'node:perf_hooks';

/** A turn not seen by every socket of its table within this long counts as an error, not a latency. */
export const TURN_TIMEOUT_MS = 15_000;

interface Pending {
  readonly baseVersion: number;
  readonly startedAt: number;
  readonly arrived: boolean[];
  remaining: number;
  lastArrivalAt: number;
  acknowledged: boolean;
  readonly resolve: (latencyMs: number) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Times one command at a time for one table: from `start` (just before the emit) until every socket
 * has seen a version above the one the command was made against, and the sender's answer is in.
 * Every clock read is `performance.now()` in this one process, so no clock skew enters.
 */
export class ArrivalProbe {
  private readonly latest: number[];
  private pending: Pending | null = null;

  constructor(clients: number) {
    this.latest = new Array<number>(clients).fill(-1);
  }

  /** The highest version a client has seen. */
  versionOf(client: number): number {
    return this.latest[client] ?? -1;
  }

  /** Call on every state a socket receives. */
  seen(client: number, version: number): void {
    if (version > (this.latest[client] ?? -1)) this.latest[client] = version;
    const p = this.pending;
    if (!p || version <= p.baseVersion || p.arrived[client]) return;
    p.arrived[client] = true;
    p.remaining--;
    p.lastArrivalAt = performance.now();
    this.settleIfDone();
  }

  /** Starts timing a command made against `baseVersion`; resolves with the latency in ms. */
  start(baseVersion: number): Promise<number> {
    if (this.pending) return Promise.reject(new Error('a command is already in flight at this table'));
    return new Promise((resolve, reject) => {
      const clients = this.latest.length;
      const timer = setTimeout(() => this.fail(new Error(`not every socket saw the turn within ${TURN_TIMEOUT_MS} ms`)), TURN_TIMEOUT_MS);
      this.pending = {
        baseVersion,
        startedAt: performance.now(),
        arrived: new Array<boolean>(clients).fill(false),
        remaining: clients,
        lastArrivalAt: 0,
        acknowledged: false,
        resolve,
        reject,
        timer,
      };
      // A socket may already be past the base version (it heard of the result before the timer started).
      this.latest.forEach((version, client) => this.seen(client, version));
    });
  }

  /** The sender's positive answer; targets without acknowledgements call it right after the emit. */
  acknowledged(): void {
    if (!this.pending) return;
    this.pending.acknowledged = true;
    this.settleIfDone();
  }

  fail(error: Error): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.reject(error);
  }

  private settleIfDone(): void {
    const p = this.pending;
    if (!p || p.remaining > 0 || !p.acknowledged) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.resolve(p.lastArrivalAt - p.startedAt);
  }
}
