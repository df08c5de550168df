// Local types for dc20 that the core model does not have yet (teams, turn holders, AP, refusal
// codes). The integrator maps them onto the core model; rule ids refer to packages/rules/spec/dc20.md.
import type { CombatantId, Side, SlotFiller, SlotId } from '../../core/model.js';

/** [DC20-1] [DC20-27] [DC20-28] The PC team, Enemy teams 1..k (numbered in turn order), the NPC team. */
export type TeamId = 'pc' | 'npc' | `enemy-${number}`;

/** [DC20-29] A PC-team member is a PC (rolls) or an Important NPC (counts for turns, never rolls). */
export type Dc20Role = 'pc' | 'important-npc' | 'enemy' | 'npc';

export interface Dc20Member {
  readonly id: CombatantId;
  readonly team: TeamId;
  readonly role: Dc20Role;
  readonly defeated: boolean;
  /** [DC20-15] The Initiative Check total; null for anyone who does not roll (enemies, NPCs, Important NPCs). */
  readonly initiative: number | null;
}

/** [DC20-17] A non-PC turn is filled by whoever the GM assigned to it, not by a fixed unit or an open choice. */
export type Dc20Filler = SlotFiller | { readonly kind: 'assigned'; readonly side: Side };

export interface Dc20Slot {
  readonly id: SlotId;
  readonly side: Side;
  readonly team: TeamId;
  readonly filler: Dc20Filler;
}

/**
 * Who holds each turn: PC turns by claim (round 1) or delay, non-PC turns by the GM's assignment.
 * A combatant holds at most one turn. A turn without live holders is kept and skipped.
 */
export type TurnHolders = Readonly<Record<SlotId, readonly CombatantId[]>>;

/** [DC20-37] [DC20-36] [DC20-21] A creature's Action Points. */
export interface ApState {
  readonly current: number;
  readonly max: number;
  /** Surprised until the end of its first completed turn. */
  readonly surprised: boolean;
  /** Set by a delay: AP come back at the end of the new PC turn, not the turn left. */
  readonly regainDeferred: boolean;
}

/** [DC20-38] Legendary Action Points of a monster. */
export interface LapState {
  readonly current: number;
  readonly max: number;
  /** How many LAP it may spend at one time between PC turns (1 or 2 in the Monster Guide). */
  readonly perTurn: number;
}

export interface Dc20Flags {
  /** [DC20-12] A natural 20 counts toward the party outcome even below the DC. */
  readonly critCountsAsSuccess: boolean;
  /** [DC20-27] [DC20-28] Only layout so far: PC, Enemy 1..k, NPC rotating from the winner. */
  readonly multiTeamLayout: 'rotate';
  /** [DC20-38] `roundEnd`: the Beta Note (leftover LAP spendable at round end); `strict`: only between PC turns. */
  readonly lapMode: 'roundEnd' | 'strict';
  /** [DC20-36] `apPenalty`: the condition's AP −2; `unableToAct`: the text's "unable to act" (0 AP). */
  readonly surprised: 'apPenalty' | 'unableToAct';
}

export const DC20_DEFAULT_FLAGS: Dc20Flags = {
  critCountsAsSuccess: true,
  multiTeamLayout: 'rotate',
  lapMode: 'roundEnd',
  surprised: 'apPenalty',
};

/** Refusal codes dc20 needs beyond the core catalogue; the integrator adds them to violations.ts. */
export const DC20_REFUSALS = {
  'invalid-dice': 'Those dice do not fit this check.',
  'invalid-level': 'A level runs from 1 to 20.',
  'not-a-pc-turn': 'That is not a PC turn.',
  'not-an-enemy-turn': 'That turn does not belong to that team.',
  'not-eligible': 'That creature cannot take this turn.',
  'not-tied': 'Only creatures with the same Initiative Check result can share this turn.',
  'pc-turn-unclaimed': 'The PC team must choose who takes this turn.',
  'delay-not-later': 'You can only delay to a turn later in the Initiative Order.',
  'not-shared': 'Enemy turns can only be merged after a shared PC turn.',
  'no-enemy-turns': 'There are not two enemy turns left to merge.',
  'not-enough-ap': 'Not enough Action Points.',
  'not-enough-lap': 'Not enough Legendary Action Points.',
  'no-pcs': 'The PC team needs at least one PC who rolls.',
  'initiative-missing': 'Not every PC has made an Initiative Check yet.',
  'teams-unordered': 'The order of the enemy teams must be chosen first.',
} as const;

export type Dc20RefusalCode = keyof typeof DC20_REFUSALS;

export interface Dc20Refusal {
  readonly code: Dc20RefusalCode;
  readonly message: string;
}

export const refuse = (code: Dc20RefusalCode, message: string = DC20_REFUSALS[code]): Dc20Refusal => ({ code, message });

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Dc20Refusal };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(code: Dc20RefusalCode, message?: string): Result<T> => ({ ok: false, refusal: refuse(code, message) });
