// Encounter options: the engine's own (`physicalDice`) plus the system's flags, validated together.
import type { EncounterState } from './model.js';
import type { OptionsResult } from './flags.js';
import type { InitiativeSystem } from './system.js';
import { violation } from './violations.js';

/**
 * Who may enter faces read from real dice ('enter-initiative'): nobody, the GM (for anyone), or
 * everyone (the GM for anyone, players for their own characters). Default 'everyone': at a real table
 * people roll real dice, and the GM can still turn it off.
 */
export const PHYSICAL_DICE = ['off', 'gm', 'everyone'] as const;
export type PhysicalDice = (typeof PHYSICAL_DICE)[number];
export const PHYSICAL_DICE_OPTION = 'physicalDice';
export const DEFAULT_PHYSICAL_DICE: PhysicalDice = 'everyone';

const isPhysicalDice = (v: unknown): v is PhysicalDice => PHYSICAL_DICE.some((p) => p === v);

/** Validates everything given (unknown keys and bad values are 'invalid-options') and fills in defaults. */
export function parseEncounterOptions(system: InitiativeSystem, raw: Readonly<Record<string, unknown>>): OptionsResult {
  const { [PHYSICAL_DICE_OPTION]: physical = DEFAULT_PHYSICAL_DICE, ...flags } = raw;
  if (!isPhysicalDice(physical)) {
    const message = `The option ${PHYSICAL_DICE_OPTION} must be one of: ${PHYSICAL_DICE.join(', ')}.`;
    return { ok: false, violation: violation('invalid-options', message) };
  }
  const parsed = system.parseOptions(flags);
  if (!parsed.ok) return parsed;
  return { ok: true, options: { ...parsed.options, [PHYSICAL_DICE_OPTION]: physical } };
}

export function physicalDiceOf(state: EncounterState): PhysicalDice {
  const value = state.options[PHYSICAL_DICE_OPTION];
  return isPhysicalDice(value) ? value : DEFAULT_PHYSICAL_DICE;
}
