// Encounter options: the engine's own (`physicalDice`, the health and turn timer options) plus the system's
// flags, validated together.
import type { EncounterState } from './model.js';
import { parseFlags, type FlagDef, type OptionsResult } from './flags.js';
import { HEALTH_FLAGS } from './health/options.js';
import type { InitiativeSystem } from './system.js';
import { TIMER_FLAGS } from './turn-timer.js';

/**
 * Who may enter faces read from real dice ('enter-initiative'): nobody, the GM (for anyone), or
 * everyone (the GM for anyone, players for their own characters). Default 'everyone': at a real table
 * people roll real dice, and the GM can still turn it off.
 */
export const PHYSICAL_DICE = ['off', 'gm', 'everyone'] as const;
export type PhysicalDice = (typeof PHYSICAL_DICE)[number];
export const PHYSICAL_DICE_OPTION = 'physicalDice';
export const DEFAULT_PHYSICAL_DICE: PhysicalDice = 'everyone';

/** Options every encounter has whatever its system: they are the engine's, never a system's flags. */
export const ENGINE_FLAGS: Readonly<Record<string, FlagDef>> = {
  [PHYSICAL_DICE_OPTION]: { kind: 'choice', values: PHYSICAL_DICE, default: DEFAULT_PHYSICAL_DICE },
  ...HEALTH_FLAGS,
  ...TIMER_FLAGS,
};

const isPhysicalDice = (v: unknown): v is PhysicalDice => PHYSICAL_DICE.some((p) => p === v);

/** Validates everything given (unknown keys and bad values are 'invalid-options') and fills in defaults. */
export function parseEncounterOptions(system: InitiativeSystem, raw: Readonly<Record<string, unknown>>): OptionsResult {
  const engineRaw: Record<string, unknown> = {};
  const flags: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Object.hasOwn(ENGINE_FLAGS, key)) engineRaw[key] = value;
    else flags[key] = value;
  }
  const engine = parseFlags(ENGINE_FLAGS, engineRaw);
  if (!engine.ok) return engine;
  const parsed = system.parseOptions(flags);
  if (!parsed.ok) return parsed;
  // Not spread: see core/decide/initiative.ts (spread objects here each had a hidden class of their own).
  return { ok: true, options: Object.assign({}, parsed.options, engine.options) };
}

/** Who may enter real dice in an encounter; reads its options only, so the pages ask it of a view too. */
export function physicalDiceOf(encounter: Pick<EncounterState, 'options'>): PhysicalDice {
  const value = encounter.options[PHYSICAL_DICE_OPTION];
  return isPhysicalDice(value) ? value : DEFAULT_PHYSICAL_DICE;
}
