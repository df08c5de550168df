// What a system's web module is made of (one per system, listed in registry.ts): the contract between
// the pages and the systems' folders. Types only, so a system's folder and the registry's readers both
// import it without a circle.
import type { CombatantId, Command, EncounterView, InitiativeRoll, SlotView, SystemId, SystemTypes } from '@roundkeeper/rules';
import type { Component } from 'svelte';
import type { Creature } from '@roundkeeper/protocol';
import type { SystemSentence } from '../lib/log-fields.js';
import type { OptionWords } from '../lib/option-words.js';

/** One way to fill an open slot: a combatant, or every standing member of a group. */
export interface FillOption {
  readonly label: string;
  readonly combatantIds: readonly CombatantId[];
}

/** Dice a real-dice form asks for: `count` dice of `sides` faces. */
export interface PhysicalDie {
  readonly sides: number;
  readonly count: number;
}

/**
 * What the web pages need to know of one system beyond `systemCatalogue()`: small, data-only, no
 * runtime import from the rules (the player and overlay bundles load it). One file per system.
 */
export interface SystemBasics {
  readonly id: SystemId;
  /** The dice one normal initiative roll takes, for typing in real dice; null: not offered on the pages. */
  readonly physicalDice: readonly PhysicalDie[] | null;
  /** A roll told in words, where the generic "d20 14 + 2 = 16" does not fit. */
  readonly describeRoll?: (roll: InitiativeRoll) => string;
  /** Whether the rules have a delay ('delay-turn'); without it the pages offer no delay button. */
  readonly supportsDelay: boolean;
  /** Who may fill the open `slot` now, where the usual answer (its side, not acted) is not the system's. */
  readonly fillOptions?: (view: EncounterView, slot: SlotView) => FillOption[] | undefined;
  /**
   * Who rolls initiative on the pages: `everyone` (default), `pcs` (monsters never roll: no monster
   * buttons), `party` (one PC rolls for the whole party: the system's own panels offer it).
   */
  readonly rollers?: 'everyone' | 'pcs' | 'party';
  /**
   * What the players' initiative rolls wait for now, as a sentence (uesrpg: the GM says who is
   * surprised first); null: they may roll. The pages offer no roll the rules would refuse.
   */
  readonly rollsWaitFor?: (view: EncounterView) => string | null;
  /** What starting combat waits for beyond everyone's rolls and ties (lfg: the party's check); null: nothing. */
  readonly startWaitsFor?: (view: EncounterView) => string | null;
  /**
   * Whether the system's own panel offers the claim of the open slot now (dc20's Claim / Pass): the
   * generic "Take this turn" would be a second button for the same action.
   */
  readonly ownClaim?: (view: EncounterView) => boolean;
  /** A short tag shown beside a slot in the order (lfg: its band; dc20: its team). */
  readonly slotTag?: (view: EncounterView, slot: SlotView) => string | null;
  /** Extra words for stats in the paste box ("init" for the initiative bonus). */
  readonly pasteAliases: Readonly<Record<string, string>>;
  /** Whether the real-dice form offers advantage and disadvantage: two d20s, the higher or lower kept. */
  readonly rollModes?: boolean;
}

export interface PanelProps {
  readonly view: EncounterView;
  readonly onsend: (command: Command) => Promise<boolean>;
}

/** A system's own panel: the GM console's, or the player's (which sees only `mine` combatants' controls). */
export type SystemPanel = Component<PanelProps>;

/** A panel downloaded when a page first needs it (lazy-panels.ts). */
export type PanelLoader = () => Promise<{ readonly default: SystemPanel }>;

/** Every event type of system `Id`, each told in a sentence for the GM's log, or null for bookkeeping. */
export type SystemLogWords<Id extends SystemId> = Id extends SystemId
  ? { readonly [T in SystemTypes[Id]['event']['type']]: SystemSentence | null }
  : never;

/** One system's words, which only the GM console shows: its option flags and its events in the log. */
export interface SystemWordBook<Id extends SystemId = SystemId> {
  /** Its option flags in the table's words (every flag of its meta; option-words.test.ts checks). */
  readonly optionWords: Readonly<Record<string, OptionWords>>;
  readonly logWords: SystemLogWords<Id>;
}

/** One system's web module: all the pages know of it, listed once in registry.ts. */
export interface WebSystem<Id extends SystemId = SystemId> {
  readonly basics: SystemBasics;
  /** Its words, loaded by the GM console only (word-books.ts). */
  readonly words: () => Promise<SystemWordBook<Id>>;
  /** Its own controls on the GM console, and on a player's phone; none: the core's controls do. */
  readonly gmPanel?: PanelLoader;
  readonly playerPanel?: PanelLoader;
  /** Built-in monsters to search and add (dnd5e: the SRD 5.1's), on the console and the bestiary page. */
  readonly monsterSearch?: () => Promise<{ readonly default: Component<MonsterSearchProps> }>;
}

export interface MonsterSearchProps {
  /** Adds `count` of the creature (the encounter as a group, the bestiary as one entry); false: refused, shown elsewhere. */
  readonly onadd: (creature: Creature, count: number) => Promise<boolean>;
  /** The add button's verb ("Add", "Add to bestiary"). */
  readonly verb?: string;
  /** Whether a count is asked (the bestiary keeps one entry per monster). */
  readonly counted?: boolean;
}
