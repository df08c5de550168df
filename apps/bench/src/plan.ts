/** What one bench run does: how many tables, for how long, at which pace. */
export interface Plan {
  readonly name: 'quick' | 'full';
  /** Tables per configuration; every table has TABLE_CLIENTS sockets. */
  readonly tables: number;
  /** The realistic phase: each table ends one turn every `turnIntervalMs`, for `pacedMs`. */
  readonly pacedMs: number;
  readonly turnIntervalMs: number;
  /** The saturating phase: each table ends its next turn as soon as the last one reached everyone. */
  readonly saturatedMs: number;
  /** Child processes that hold the client sockets (never the server's process). */
  readonly loadGenerators: number;
  /** Pause before each memory reading, so the server's heap settles after a setup step. */
  readonly settleMs: number;
  /** Run the reconnect storm (a node restarted under its clients) after the phases, where supported. */
  readonly storm: boolean;
  /** A table not back this long after the restart counts as not back. */
  readonly stormTimeoutMs: number;
}

/** Players per table; with the GM and one overlay, a table holds TABLE_CLIENTS sockets. */
export const PLAYERS_PER_TABLE = 6;
export const OVERLAYS_PER_TABLE = 1;
export const TABLE_CLIENTS = 1 + PLAYERS_PER_TABLE + OVERLAYS_PER_TABLE;
/** The monster group every Roundkeeper table fights (one unit in the order, ended by the GM). */
export const MONSTERS_PER_GROUP = 4;

const SECOND = 1_000;

/**
 * Finishes within a minute on a quiet 2-core machine (no reconnect storms unless `--storm`): a smoke
 * test of every configuration, 1–2 paced turns per table. It took 65 s with 3 s paced and 2 s saturated.
 */
export const QUICK_PLAN: Plan = {
  name: 'quick',
  tables: 12,
  pacedMs: 2 * SECOND,
  turnIntervalMs: 1.5 * SECOND,
  saturatedMs: 1.5 * SECOND,
  loadGenerators: 2,
  settleMs: 300,
  // A restart (PGlite's above all) would take the quick run past its minute; `--storm` asks for it.
  storm: false,
  stormTimeoutMs: 30 * SECOND,
};

/**
 * The reference floor measurement (DESIGN.md) ran 1,250 tables of 8 at 190 commands/s, i.e. one turn per
 * table every ~6.6 s: the full plan paces turns like that.
 */
export const FULL_PLAN: Plan = {
  name: 'full',
  tables: 250,
  pacedMs: 20 * SECOND,
  turnIntervalMs: 6 * SECOND,
  saturatedMs: 10 * SECOND,
  loadGenerators: 2,
  settleMs: SECOND,
  storm: true,
  stormTimeoutMs: 60 * SECOND,
};

export const planWithClients = (plan: Plan, clients: number): Plan => ({
  ...plan,
  tables: Math.max(1, Math.round(clients / TABLE_CLIENTS)),
});
