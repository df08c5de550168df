/** One simulated table as the load generator sees it, whatever server it talks to. */
export interface BenchTable {
  /** Sockets this table holds open. */
  readonly clients: number;
  /**
   * Has the player whose turn it is (or the GM) end the turn, and resolves with the milliseconds from
   * the emit until the last socket of the table received the resulting state. Rejects on a refusal or
   * when some socket never hears of it within the turn timeout.
   */
  takeTurn(): Promise<number>;
  /**
   * Reconnect storm (targets that support it): from now on every socket reconnects by itself with the
   * real clients' backoff; resolves with Date.now() once every socket of the table has lost its
   * connection, reconnected and received the table's current view (a version at least the one held).
   * `onSocketConnected` hears each socket's reconnection (before its view), to tell the two apart.
   */
  awaitRestart?(onSocketConnected: (atEpochMs: number) => void): { readonly back: Promise<number>; readonly firstDown: Promise<number> };
  close(): void;
}

export interface OpenTableOptions {
  /** Where the table's sockets connect. */
  readonly url: string;
  /** Where its HTTP setup goes: the same server, except for boardgame.io's lobby. */
  readonly apiUrl: string;
  readonly index: number;
}
