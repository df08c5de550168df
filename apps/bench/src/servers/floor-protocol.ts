/** Same frame limit as Roundkeeper's MAX_MESSAGE_BYTES. */
export const FLOOR_MAX_MESSAGE_BYTES = 16 * 1024;

export interface FloorCommand {
  readonly commandId: string;
  /** Chosen by the sender: the table's next version, so receivers can tell the result apart. */
  readonly version: number;
}

export interface FloorClientEvents {
  command: (command: FloorCommand, ack: (answer: { ok: true }) => void) => void;
}

export interface FloorServerEvents {
  view: (command: FloorCommand) => void;
}
