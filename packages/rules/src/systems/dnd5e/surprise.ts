// [DND-9] [DND-13] [DND-14] Surprise. The GM marks who is surprised before combat ("The GM determines
// who might be surprised"), one combatant at a time ("a member of a group can be surprised even if the
// other members aren't"). Option surpriseMode: 'srd51' (the text: a 'Surprised' condition that ends
// with the creature's first turn) or 'srd52' (disadvantage on the initiative roll, no lost turn).
import { allowsPhase } from '../../core/phases.js';
import { DND5E_COMMAND_PHASES } from './phases.js';
import type { Actor, Command } from '../../core/commands.js';
import type { EncounterEvent } from '../../core/events.js';
import type { CombatantId, EncounterState, RollMode, UnitRef } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { allUnits, findCombatant, unitInfo, type UnitInfo } from '../../core/units.js';
import { dnd5eExt } from './state.js';
import { refuse } from './ties.js';
import { mintId } from '../../core/ids.js';

export const SURPRISE_MODES = ['srd51', 'srd52'] as const;
export type SurpriseMode = (typeof SURPRISE_MODES)[number];
export const SURPRISE_OPTION = 'surpriseMode';
/** The condition srd51 surprise gives; its name is what the table and the UI see. */
export const SURPRISED_CONDITION = 'Surprised';

export const surpriseModeOf = (state: EncounterState): SurpriseMode =>
  state.options[SURPRISE_OPTION] === 'srd52' ? 'srd52' : 'srd51';

export const isSurprised = (state: EncounterState, id: CombatantId): boolean => dnd5eExt(state).surprised.includes(id);

/**
 * [DND-2] Two sources of advantage and disadvantage meet: they never stack, and any advantage with
 * any disadvantage gives a straight roll.
 */
export function combineModes(a: RollMode, b: RollMode): RollMode {
  if (a === 'normal') return b;
  if (b === 'normal' || a === b) return a;
  return 'normal';
}

/** Whether a unit's members still in the fight are surprised: all, none, or only some of them. */
export function unitSurprise(state: EncounterState, unit: UnitInfo): 'all' | 'none' | 'some' {
  const live = unit.members.filter((m) => !m.defeated);
  const marked = live.filter((m) => isSurprised(state, m.id)).length;
  if (marked === 0) return 'none';
  return marked === live.length ? 'all' : 'some';
}

/** [DND-14] The mode a roll is made with: under srd52 a surprised unit adds disadvantage to what was asked. */
export function rollModeFor(state: EncounterState, unit: UnitInfo, requested: RollMode): RollMode {
  if (surpriseModeOf(state) !== 'srd52' || unitSurprise(state, unit) !== 'all') return requested;
  return combineModes(requested, 'disadvantage');
}

/**
 * [DND-14] Under srd52 a group's one roll cannot be both surprised and not: the engine does not pick,
 * the GM marks all or none (only the GM rolls for groups, so the refusal may name them).
 */
export function checkGroupSurprise(state: EncounterState, refs: readonly UnitRef[], actor: Actor): Decision | undefined {
  if (actor.role !== 'gm' || surpriseModeOf(state) !== 'srd52') return undefined;
  const split = refs.map((ref) => unitInfo(state, ref)).find((u) => u !== undefined && u.initiative === null && unitSurprise(state, u) === 'some');
  if (!split) return undefined;
  return refuse(
    'group-partly-surprised',
    `${split.name}: some members are surprised and some are not, but the group makes one roll. Mark all of them surprised or none.`,
  );
}

/** The units 'roll-npc-initiative' would roll (every non-PC unit still to roll). */
export const npcUnitsToRoll = (state: EncounterState): readonly UnitRef[] =>
  allUnits(state)
    .filter((u) => u.side !== 'pc' && u.initiative === null && u.members.length > 0)
    .map((u) => u.ref);

type SetSurprised = Extract<Command, { type: 'dnd5e-set-surprised' }>;

/** [DND-9] 'dnd5e-set-surprised': the GM only, before combat starts. */
export function setSurprised(state: EncounterState, command: SetSurprised, actor: Actor): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM decides who is surprised.');
  if (!allowsPhase(DND5E_COMMAND_PHASES['dnd5e-set-surprised'], state.phase)) {
    return refuse('wrong-phase', 'Surprise is determined at the start of the encounter, before combat starts.');
  }
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (isSurprised(state, c.id) === command.surprised) {
    return refuse('invalid-command', `${c.name} is already ${command.surprised ? '' : 'not '}surprised.`);
  }
  const unit = unitInfo(state, c.groupId === null ? { kind: 'combatant', id: c.id } : { kind: 'group', id: c.groupId });
  if (surpriseModeOf(state) === 'srd52' && unit?.initiative) {
    return refuse(
      'already-rolled',
      `${unit.name} has already rolled initiative, and surprise changes that roll: undo the roll first.`,
    );
  }
  return { ok: true, events: [{ type: 'dnd5e-surprise-set', combatantId: c.id, surprised: command.surprised }] };
}

/**
 * A change of surpriseMode once a surprised unit has rolled would leave that roll made under the other
 * rule; refused rather than silently kept.
 */
export function checkModeChange(state: EncounterState, options: Readonly<Record<string, unknown>>): Decision | undefined {
  const next = options[SURPRISE_OPTION];
  if (next === undefined || next === surpriseModeOf(state)) return undefined;
  const rolled = allUnits(state).find((u) => u.initiative !== null && unitSurprise(state, u) !== 'none');
  if (!rolled) return undefined;
  return refuse(
    'invalid-options',
    `${rolled.name} rolled initiative while surprised under the current surprise rule: undo that roll before changing it.`,
  );
}

/** [DND-13] srd51: when round 1 starts, each surprised combatant gets 'Surprised' until the end of its first turn. */
export function surpriseConditions(state: EncounterState): readonly EncounterEvent[] {
  if (state.round !== 1 || surpriseModeOf(state) !== 'srd51') return [];
  const marked = state.combatants.filter((c) => isSurprised(state, c.id));
  return marked.map((c, i) => ({
    type: 'condition-added',
    combatantId: c.id,
    condition: {
      id: mintId(state, 'k', state.nextId + i),
      name: SURPRISED_CONDITION,
      expiry: { at: 'turn-end', round: 1, anchor: [c.id] },
    },
  }));
}

/** A player cannot shake off surprise by removing the condition: the GM imposed it. */
export function checkSurpriseRemoval(state: EncounterState, combatantId: CombatantId, conditionId: string, actor: Actor): Decision | undefined {
  if (actor.role === 'gm') return undefined;
  const condition = findCombatant(state, combatantId)?.conditions.find((k) => k.id === conditionId);
  if (condition?.name !== SURPRISED_CONDITION || !actor.combatantIds.includes(combatantId)) return undefined;
  return refuse('gm-only', 'Only the GM can end surprise early.');
}
