import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CommandAck } from '@roundkeeper/protocol';
import type { Principal } from '../auth/principal.js';

/**
 * Command latency buckets in seconds: a PGlite command takes about half a millisecond, a PostgreSQL
 * round trip a few; anything past a second is a queue building up.
 */
const COMMAND_LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The Prometheus metrics of one server instance. Each app owns its own registry (never prom-client's
 * global one), so several apps in one process, as in the tests, count separately.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly commands = new Counter({
    name: 'roundkeeper_commands_total',
    help: 'Commands answered, by outcome (accepted or refused) and code (the refusal code, or "ok").',
    labelNames: ['outcome', 'code'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'roundkeeper_command_duration_seconds',
    help: 'Time from receiving a command to acknowledging it.',
    buckets: COMMAND_LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly sockets = new Gauge({
    name: 'roundkeeper_connected_sockets',
    help: 'Connected Socket.IO clients, by role.',
    labelNames: ['role'] as const,
    registers: [this.registry],
  });

  constructor(openRooms: () => number) {
    new Gauge({
      name: 'roundkeeper_open_rooms',
      help: 'Encounter rooms held in memory on this node.',
      registers: [this.registry],
      collect() {
        this.set(openRooms());
      },
    });
    collectDefaultMetrics({ register: this.registry });
    // Roles show as 0 rather than missing before the first connection.
    for (const role of ['gm', 'player', 'spectator'] satisfies Principal['role'][]) this.sockets.set({ role }, 0);
  }

  /** Starts the clock for one command; call the result with its answer. */
  startCommand(): (ack: CommandAck) => void {
    const stop = this.latency.startTimer();
    return (ack) => {
      stop();
      this.commands.inc(ack.ok ? { outcome: 'accepted', code: 'ok' } : { outcome: 'refused', code: ack.code });
    };
  }

  socketConnected(role: Principal['role']): void {
    this.sockets.inc({ role });
  }

  socketDisconnected(role: Principal['role']): void {
    this.sockets.dec({ role });
  }
}
