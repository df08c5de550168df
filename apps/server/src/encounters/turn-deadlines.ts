import { autoEndDue, type EncounterState, type TurnPin } from '@roundkeeper/rules';

/** What to do when a turn's time ran out under 'auto-end': end that turn (ENG-41). */
export type FireDeadline = (encounterId: string, pin: TurnPin) => void;

interface Armed {
  /** The turn and deadline armed: the same again leaves the timer alone. */
  readonly key: string;
  handle: NodeJS.Timeout | undefined;
}

/** The command id of the timer's end of one turn: the same on every node, so the store takes it once. */
export const timerCommandId = (pin: TurnPin): string => `timer:${pin.slotId}:${pin.round}:${pin.startedAt}`;

/**
 * [ENG-41] One timeout per encounter whose current turn will end by itself. Rooms report every state
 * they reach (`update`); the deadline is the rules' (`autoEndDue`), so a changed limit, an undo or a
 * new turn moves or clears it. Each node arms the encounters it holds; when two nodes both fire, the
 * end is pinned to the turn and shares one command id, so the turn ends once (docs/deployment.md).
 */
export class TurnDeadlines {
  private readonly armed = new Map<string, Armed>();
  private closed = false;

  constructor(
    private readonly now: () => number,
    private readonly fire: FireDeadline,
  ) {}

  update(encounterId: string, state: EncounterState): void {
    const due = autoEndDue(state);
    const key = due ? `${timerCommandId(due.pin)}:${due.deadline}` : undefined;
    const current = this.armed.get(encounterId);
    // The same turn and deadline: already armed, or already fired (a refused end is not tried again).
    if (current && current.key === key) return;
    if (current?.handle) clearTimeout(current.handle);
    this.armed.delete(encounterId);
    if (!due || !key || this.closed) return;
    const armed: Armed = { key, handle: undefined };
    this.armed.set(encounterId, armed);
    this.arm(encounterId, armed, due.pin, due.deadline);
  }

  /** Stops every timer: the node is closing (another node, or this one restarted, takes the deadlines up). */
  close(): void {
    this.closed = true;
    for (const armed of this.armed.values()) if (armed.handle) clearTimeout(armed.handle);
    this.armed.clear();
  }

  private arm(encounterId: string, armed: Armed, pin: TurnPin, deadline: number): void {
    // Timers may wake a millisecond early against the wall clock: wait out what is left, then fire.
    armed.handle = setTimeout(() => {
      if (this.closed || this.armed.get(encounterId) !== armed) return;
      if (this.now() < deadline) return this.arm(encounterId, armed, pin, deadline);
      armed.handle = undefined;
      this.fire(encounterId, pin);
    }, Math.max(0, deadline - this.now()));
    // A deadline never keeps the process alive on its own.
    armed.handle.unref();
  }
}
