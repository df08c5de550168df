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
  close(): void;
}

export interface OpenTableOptions {
  /** Where the table's sockets connect. */
  readonly url: string;
  /** Where its HTTP setup goes: the same server, except for boardgame.io's lobby. */
  readonly apiUrl: string;
  readonly index: number;
}
