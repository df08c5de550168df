// dc20's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook.
// Rule ids refer to packages/rules/spec/dc20.md; who may send each is written beside it.
import type { CombatantId, SlotId } from '../../core/model.js';
import type { DelayTarget } from './delay.js';
import type { EncounterDcChoice } from './encounter-dc.js';
import type { TeamId } from './types.js';

export type Dc20Command =
  /** [DC20-2] [DC20-3] GM, setup/initiative: from the table or any number. */
  | { readonly type: 'dc20-set-encounter-dc'; readonly dc: EncounterDcChoice }
  /** [DC20-27] [DC20-28] [DC20-29] GM: an enemy's team, an NPC's team, or an allied NPC made an Important NPC ('pc'). */
  | { readonly type: 'dc20-set-team'; readonly combatantId: CombatantId; readonly team: TeamId }
  /** [DC20-7] A PC's Initiative Check with ADV n / DisADV n (its player or the GM). */
  | { readonly type: 'dc20-roll-initiative'; readonly combatantId: CombatantId; readonly adv?: number; readonly disadv?: number }
  /** [DC20-7] The same with faces read from real d20s (where `physicalDice` allows). */
  | {
      readonly type: 'dc20-enter-initiative';
      readonly combatantId: CombatantId;
      readonly faces: readonly number[];
      readonly adv?: number;
      readonly disadv?: number;
    }
  /** [DC20-27] GM: which enemy team goes first, second, … */
  | { readonly type: 'dc20-order-enemy-teams'; readonly order: readonly TeamId[] }
  /** [DC20-27] [DC20-39] GM: one Fate Check per enemy team, highest first. */
  | { readonly type: 'dc20-fate-check' }
  /** [DC20-35] GM, setup/initiative: creatures unaware of the fight. */
  | { readonly type: 'dc20-set-surprised'; readonly combatantIds: readonly CombatantId[]; readonly surprised: boolean }
  /** [DC20-15] Players (their own PCs) or the GM: not this PC turn. */
  | { readonly type: 'dc20-pass-turn'; readonly combatantIds: readonly CombatantId[] }
  /** [DC20-15] GM: decide the current PC turn with the claims made so far. */
  | { readonly type: 'dc20-close-claims' }
  /** [DC20-16] Tied claimants (or the GM): all of them share the turn, or those named take it. */
  | { readonly type: 'dc20-resolve-claim'; readonly combatantIds: readonly CombatantId[] }
  /** [DC20-17] [DC20-18] GM, active: put creatures of a non-PC team on one of its turns; on the current open one, `[]` leaves it empty. */
  | { readonly type: 'dc20-assign'; readonly slotId: SlotId; readonly combatantIds: readonly CombatantId[] }
  /** [DC20-25] GM, during a shared PC turn: combine that team's next two turns into the first. */
  | { readonly type: 'dc20-merge-enemy-turns'; readonly team: TeamId }
  /** [DC20-25] GM: keep the enemy turns as they are. */
  | { readonly type: 'dc20-keep-enemy-turns' }
  /** [DC20-19] [DC20-20] The delayer's player or the GM, during its turn. */
  | { readonly type: 'dc20-delay'; readonly combatantId: CombatantId; readonly to: DelayTarget }
  /** [DC20-38] GM: a monster's Legendary AP and how many it may spend at one time. */
  | { readonly type: 'dc20-set-lap'; readonly combatantId: CombatantId; readonly max: number; readonly perTurn: number }
  /** [DC20-38] GM: spend LAP between PC turns, or leftover LAP at the end of the round. */
  | { readonly type: 'dc20-spend-lap'; readonly combatantId: CombatantId; readonly amount: number }
  /** [DC20-38] GM: spend no more leftover LAP this round. */
  | { readonly type: 'dc20-pass-lap'; readonly combatantId: CombatantId }
  /** [DC20-9] The PC's player or the GM: roll the Inspiration Die (or give the face of a real d6). */
  | { readonly type: 'dc20-use-inspiration'; readonly combatantId: CombatantId; readonly face?: number }
  /** [DC20-10] [DC20-11] Mark a first-round benefit used. */
  | {
      readonly type: 'dc20-use-benefit';
      readonly combatantId: CombatantId;
      readonly kind: 'first-round-adv' | 'first-attack-against-has-adv';
    };

export type Dc20CommandType = Dc20Command['type'];
