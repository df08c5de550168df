// [DND-27] [DND-28] [DND-29] Legendary actions and [DND-30] lair actions (SRD 5.1, "Legendary
// Creatures"): how many a creature has comes from its 'legendaryActions' stat (and 'lairActions'), what it has spent
// since its own turn started lives in the dnd5e state.
import type { Actor, Command } from '../../core/commands.js';
import type { Combatant, CombatantId, CurrentTurn, EncounterState, SlotId } from '../../core/model.js';
import type { EncounterEvent } from '../../core/events.js';
import type { Decision } from '../../core/system.js';
import { findCombatant, unitInfo } from '../../core/units.js';
import { dnd5eExt } from './state.js';
import { refuse } from './ties.js';

/** Initiative count of lair actions; they lose ties, so a creature that rolled this goes first. */
export const LAIR_COUNT = 20;

/** "Incapacitated or otherwise unable to take actions": the SRD's conditions that include incapacitated. */
const UNABLE = new Set(['incapacitated', 'paralyzed', 'petrified', 'stunned', 'unconscious']);

export const legendaryMax = (c: Combatant): number => c.stats['legendaryActions'] ?? 0;
export const hasLair = (c: Combatant): boolean => (c.stats['lairActions'] ?? 0) > 0;

/** Legendary actions spent since the creature's own turn last started. */
export const legendarySpent = (state: EncounterState, id: CombatantId): number => dnd5eExt(state).legendary?.[id]?.spent ?? 0;

/** One turn told apart from every other of the encounter: spending is "one at a time", one a turn. */
const turnKey = (state: EncounterState, turn: CurrentTurn): string => `${state.round}:${turn.slotId}`;

function unableReason(state: EncounterState, c: Combatant, what: string): string | undefined {
  if (c.defeated) return `${c.name} is out of the fight and cannot take ${what}.`;
  const condition = c.conditions.find((k) => UNABLE.has(k.name.trim().toLowerCase()));
  if (condition) return `${c.name} is ${condition.name.toLowerCase()} and cannot take ${what}.`;
  // "If surprised, it can't use them until after its first turn in the combat."
  if (dnd5eExt(state).surprised.includes(c.id) && state.round === 1 && !state.acted.includes(c.id)) {
    return `${c.name} was surprised: it cannot take ${what} until after its first turn.`;
  }
  return undefined;
}

type UseLegendary = Extract<Command, { type: 'dnd5e-legendary-action' }>;

/** [DND-27] [DND-28] 'dnd5e-legendary-action': one option, at the end of another creature's turn. */
export function useLegendaryAction(state: EncounterState, command: UseLegendary, actor: Actor): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM takes a monster’s legendary actions.');
  if (state.phase !== 'active' || state.turn === null) return refuse('wrong-phase', 'Legendary actions are taken during combat, at the end of a turn.');
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  const max = legendaryMax(c);
  if (max === 0) return refuse('dnd5e-not-legendary', `${c.name} has no legendary actions.`);
  if (state.turn.actorIds.includes(c.id)) {
    return refuse('dnd5e-legendary-own-turn', `${c.name} takes legendary actions only at the end of another creature’s turn.`);
  }
  const unable = unableReason(state, c, 'legendary actions');
  if (unable) return refuse('dnd5e-legendary-unable', unable);
  const cost = command.cost ?? 1;
  const spent = legendarySpent(state, c.id);
  if (spent + cost > max) {
    const left = max - spent;
    return refuse(
      'dnd5e-legendary-none-left',
      left === 0
        ? `${c.name} has no legendary actions left until its next turn.`
        : `${c.name} has ${left} legendary action${left === 1 ? '' : 's'} left until its next turn, not ${cost}.`,
    );
  }
  const turn = turnKey(state, state.turn);
  if (dnd5eExt(state).legendary?.[c.id]?.turn === turn) {
    return refuse('dnd5e-legendary-one-at-a-time', `${c.name} has already taken a legendary action at the end of this turn.`);
  }
  return { ok: true, events: [{ type: 'dnd5e-legendary-action-used', combatantId: c.id, cost, turn }] };
}

/** [DND-29] At the start of its turn a legendary creature regains every legendary action it spent. */
export function regainLegendary(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  return turn.actorIds
    .filter((id) => legendarySpent(state, id) > 0)
    .map((combatantId) => ({ type: 'dnd5e-legendary-regained', combatantId }) as const);
}

/**
 * [DND-30] Where initiative count 20 falls in the order: the first slot whose unit rolled below 20
 * (a unit that rolled 20 goes before the lair: lair actions lose ties), or null when every unit rolled
 * 20 or more (the lair acts after the round's last turn).
 */
export function lairSlotId(state: EncounterState): SlotId | null {
  const slot = state.slots.find((s) => {
    if (s.filler.kind !== 'unit') return false;
    const total = unitInfo(state, s.filler.unit)?.initiative?.total;
    return total !== undefined && total < LAIR_COUNT;
  });
  return slot?.id ?? null;
}

/** Whether the turn now under way is the lair's moment: the one right after count 20 (see lairSlotId). */
export function atLairCount(state: EncounterState): boolean {
  if (state.turn === null) return false;
  const slotId = lairSlotId(state);
  return slotId === null ? state.turn.slotId === state.slots.at(-1)?.id : state.turn.slotId === slotId;
}

type UseLair = Extract<Command, { type: 'dnd5e-lair-action' }>;

/** [DND-30] 'dnd5e-lair-action': once a round, on initiative count 20 (losing ties). */
export function useLairAction(state: EncounterState, command: UseLair, actor: Actor): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM takes lair actions.');
  if (state.phase !== 'active' || state.turn === null) return refuse('wrong-phase', 'Lair actions are taken during combat, on initiative count 20.');
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (!hasLair(c)) return refuse('dnd5e-no-lair', `${c.name} has no lair actions.`);
  const unable = unableReason(state, c, 'lair actions');
  if (unable) return refuse('dnd5e-legendary-unable', unable);
  if (dnd5eExt(state).lairRound === state.round) return refuse('dnd5e-lair-used', 'The lair has already acted this round.');
  if (!atLairCount(state)) {
    return refuse('dnd5e-lair-not-now', 'Lair actions are taken on initiative count 20, after everyone who rolled 20 or more.');
  }
  return { ok: true, events: [{ type: 'dnd5e-lair-action-used', combatantId: c.id, round: state.round }] };
}
