import type { TargetKind } from '../targets/target-kind.js';

/** Parent → load generator. */
export type ParentMessage =
  | {
      readonly type: 'open-tables';
      readonly target: TargetKind;
      /** One URL per server node; table i talks to node i mod n (the balancer's routing by encounter). */
      readonly urls: readonly string[];
      /** Where each node's HTTP API is (the same URLs except for boardgame.io). */
      readonly apiUrls: readonly string[];
      /** Global indexes of this generator's tables (used for names and source addresses). */
      readonly tableIndexes: readonly number[];
      readonly seatMode: SeatMode;
    }
  | {
      readonly type: 'run-phase';
      readonly mode: 'paced' | 'saturated';
      readonly durationMs: number;
      readonly turnIntervalMs: number;
    }
  /**
   * Reconnect storm: every socket reconnects by itself from now on, as the real clients do
   * (packages/client). The generator answers 'storm-armed', then 'storm-done' once each of its tables
   * has its current view back (or after `timeoutMs`); tables back take paced turns meanwhile.
   */
  | { readonly type: 'arm-storm'; readonly timeoutMs: number; readonly turnIntervalMs: number }
  /** Closes this configuration's tables; the generator stays for the next configuration. */
  | { readonly type: 'close-tables' }
  | { readonly type: 'exit' };

/** Load generator → parent. */
export type ChildMessage =
  | { readonly type: 'loaded' }
  | { readonly type: 'tables-closed' }
  | { readonly type: 'tables-open'; readonly tables: number; readonly clients: number; readonly failures: readonly string[] }
  | { readonly type: 'phase-done'; readonly result: PhaseResult }
  | { readonly type: 'storm-armed' }
  | { readonly type: 'storm-done'; readonly result: StormResult }
  | { readonly type: 'fatal'; readonly message: string };

export interface PhaseResult {
  /** Command-to-last-client latency of every completed turn, ms. */
  readonly latenciesMs: readonly number[];
  /** Turns acknowledged (and, for Roundkeeper, durable) that reached every client. */
  readonly completed: number;
  readonly errors: number;
  readonly firstErrors: readonly string[];
}

export interface StormResult {
  readonly tables: number;
  /** Tables whose every socket reconnected and received its current view again. */
  readonly tablesBack: number;
  /** Date.now() when this generator's last table was back (wall clock: comparable across processes). */
  readonly lastBackAtEpochMs: number;
  /** Date.now() when each table that came back was back: whether the tail is a few tables or the bulk. */
  readonly backAtEpochMs: readonly number[];
  /** Date.now() when each socket reconnected (its view comes after): connection-bound or server-bound. */
  readonly socketConnectedAtEpochMs: readonly number[];
  /** Date.now() when this generator's first socket lost its connection. */
  readonly firstDownAtEpochMs: number;
  /** Latencies of the turns taken by tables already back, while others were still reconnecting. */
  readonly turns: PhaseResult;
}

/**
 * How Roundkeeper players get their seat tokens. `loopback`: each table joins from its own 127.x.y.z
 * source address, as real tables join from their own networks, so the per-IP join limit applies per table.
 * `gm-token`: the "player" sockets connect with the GM token (no join at all): a fallback that measures the
 * GM audience eight times over instead of one projection per seat.
 */
export const SEAT_MODES = ['loopback', 'gm-token'] as const;
export type SeatMode = (typeof SEAT_MODES)[number];

export function isMessage<T extends { type: string }>(value: unknown): value is T {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
