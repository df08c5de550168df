import { LiveEncounter } from '../lib/live-encounter.svelte.js';
import { nextIsMine } from '../lib/next-slot.js';
import { physicalDiceOf } from '../lib/physical-dice.js';
import { myFillOptions } from '../systems/open-slots.js';
import { basicsOf, initiativeDice, offersRollMode } from '../systems/basics.js';
import { turnLabel } from '../lib/units.js';
import { seatWatch } from './seat-watch.svelte.js';

/** A player's seat in a live encounter: what is theirs, and whether it is their turn. */
export class PlayerSession extends LiveEncounter {
  /** Created while PlayerScreen initialises, which is when the page's seat watch can be found. */
  constructor(encounterId: string, token: string) {
    super(encounterId, token);
    const watch = seatWatch();
    // After mount, not now: writing the page's state while the page is still rendering this screen
    // would go unnoticed by the block that is rendering it.
    if (watch) $effect(() => watch.watch(this, token));
  }

  readonly mine = $derived(this.view?.combatants.filter((c) => c.mine) ?? []);
  readonly myUnits = $derived(this.units.filter((u) => u.mine));
  /** What the rolls wait for (uesrpg: the GM's surprise), as a sentence; null when they may be made. */
  readonly rollsWaitFor = $derived(this.view ? (basicsOf(this.view.system).rollsWaitFor?.(this.view) ?? null) : null);
  /** Units of mine still to roll while initiative is open. */
  readonly toRoll = $derived(
    this.view?.phase === 'initiative' && (basicsOf(this.view.system).rollers ?? 'everyone') !== 'party' && !this.rollsWaitFor
      ? this.myUnits.filter((u) => !u.initiative)
      : [],
  );
  /**
   * [issue 28] While initiative is open and nothing of mine is left to roll, what it waits for: the
   * others' rolls, or only the GM (lfg's one party check rolled: "Waiting for everyone to roll…" was wrong).
   */
  readonly initiativeWait = $derived.by(() => {
    const view = this.view;
    if (!view || view.phase !== 'initiative') return null;
    const rollers = basicsOf(view.system).rollers ?? 'everyone';
    const waiting =
      rollers === 'party'
        ? (basicsOf(view.system).startWaitsFor?.(view) ?? null) !== null
        : this.units.some((u) => (rollers === 'everyone' || u.side === 'pc') && !u.initiative);
    return waiting ? 'Waiting for everyone to roll…' : 'Everyone has rolled: waiting for the GM to start combat.';
  });
  readonly myTurn = $derived.by(() => {
    const view = this.view;
    if (!view || view.phase !== 'active' || !view.turn) return false;
    return this.mine.some((c) => view.turn?.actorIds.includes(c.id));
  });
  /** Identifies one turn of mine; a new value means a new turn has started for me. */
  readonly myTurnKey = $derived(this.myTurn && this.view?.turn ? `${this.view.round}:${this.view.turn.slotId}` : null);
  /** The next slot is mine (and this one is not): time to get ready. */
  readonly upNext = $derived(!this.myTurn && this.view !== null && nextIsMine(this.view));
  /** Sides of each real die one initiative roll takes; empty where the pages offer no real dice (genesys). */
  readonly dice = $derived(this.view ? initiativeDice(this.view) : []);
  /** Whether this seat may type in faces read from real dice. */
  readonly physicalDice = $derived(this.view !== null && physicalDiceOf(this.view) === 'everyone' && this.dice.length > 0);
  /** Whether the real-dice form offers advantage and disadvantage (dnd5e, lfg). */
  readonly rollModes = $derived(this.view !== null && offersRollMode(this.view.system));
  /** My combatants that may take the open slot now up ("Take this turn"). */
  readonly canClaim = $derived(this.view ? myFillOptions(this.view) : []);
  /** Delay is offered on my turn where the system has a delay rule. */
  readonly canDelay = $derived(this.myTurn && this.view !== null && basicsOf(this.view.system).supportsDelay);
  readonly currentLabel = $derived(this.view ? turnLabel(this.view) : null);
}
