// [DND-23] Advantage and disadvantage from named sources: the engine combines them by DND-2 (several
// advantages never stack; any advantage with any disadvantage is one straight d20), says why in
// 'dnd5e-roll-sources', then rolls (or reads real dice for) the combined mode.
import { requirePhase } from '../../core/decide/context.js';
import { DND5E_COMMAND_PHASES } from './phases.js';
import type { Actor } from '../../core/commands.js';
import { refuse, type DecideContext } from '../../core/decide/context.js';
import { enterInitiative, rollInitiative } from '../../core/decide/initiative.js';
import type { EncounterState, RollMode, UnitRef } from '../../core/model.js';
import type { Decision, InitiativeSystem } from '../../core/system.js';
import { unitInfo } from '../../core/units.js';
import type { Dnd5eCommand } from './commands.js';
import { checkGroupSurprise, surpriseModeOf, unitSurprise } from './surprise.js';

/** What the engine names the source it adds itself (srd52 surprise, DND-14). */
export const SURPRISED_SOURCE = 'Surprised';
/** The most sources one side of a roll may name, and the longest name. */
export const MAX_SOURCES = 10;
export const MAX_SOURCE_LENGTH = 60;

/** [DND-2] [DND-23] The one mode that named sources give: none or both sides → normal. */
export function combineSources(advantage: readonly string[], disadvantage: readonly string[]): RollMode {
  if (advantage.length > 0 && disadvantage.length > 0) return 'normal';
  if (advantage.length > 0) return 'advantage';
  return disadvantage.length > 0 ? 'disadvantage' : 'normal';
}

type RollWithSources = Extract<Dnd5eCommand, { type: 'dnd5e-roll-initiative' }>;

const clean = (names: readonly string[] | undefined): readonly string[] | string => {
  const list = (names ?? []).map((n) => n.trim());
  if (list.length > MAX_SOURCES) return `Name at most ${String(MAX_SOURCES)} sources on each side.`;
  if (list.some((n) => n === '' || n.length > MAX_SOURCE_LENGTH)) return `Each source needs a name of 1 to ${String(MAX_SOURCE_LENGTH)} characters.`;
  return list;
};

/** Whether the engine adds a disadvantage of its own for this unit (srd52 surprise). */
function surprisedUnit(state: EncounterState, ref: UnitRef): boolean {
  const unit = unitInfo(state, ref);
  return unit !== undefined && surpriseModeOf(state) === 'srd52' && unitSurprise(state, unit) === 'all';
}

/**
 * [DND-23] 'dnd5e-roll-initiative': the core's roll (server dice, or `faces` as 'enter-initiative') with
 * the mode the sources combine to. Physical dice must number what that mode needs (two d20s or one).
 */
export function rollWithSources(system: InitiativeSystem, state: EncounterState, command: RollWithSources, actor: Actor): Decision {
  const wrong = requirePhase(state, DND5E_COMMAND_PHASES['dnd5e-roll-initiative'], 'roll initiative');
  if (wrong) return wrong;
  const advantage = clean(command.advantage);
  const given = clean(command.disadvantage);
  if (typeof advantage === 'string') return refuse('invalid-command', advantage);
  if (typeof given === 'string') return refuse('invalid-command', given);
  const split = checkGroupSurprise(state, [command.unit], actor);
  if (split) return split;
  const surprised = surprisedUnit(state, command.unit);
  const disadvantage = surprised && !given.includes(SURPRISED_SOURCE) ? [...given, SURPRISED_SOURCE] : given;
  const mode = combineSources(advantage, disadvantage);
  // The dnd5e hooks add srd52 surprise's disadvantage to the mode asked for (DND-14); it is already one of
  // the sources here, so ask for the mode that gives `mode` once it is added again: a straight roll with
  // surprise among the sources can only come from an advantage beside it.
  const requested: RollMode = surprised && mode === 'normal' ? 'advantage' : mode;
  const ctx: DecideContext = { state, system, actor };
  const rolled = command.faces ? enterInitiative(ctx, command.unit, command.faces, requested) : rollInitiative(ctx, command.unit, requested);
  if (!rolled.ok) return rolled;
  return { ok: true, events: [{ type: 'dnd5e-roll-sources', unit: command.unit, advantage, disadvantage, mode }, ...rolled.events] };
}
