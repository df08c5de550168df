// Declarative option flags for systems: `parseFlags(defs, raw)` implements `parseOptions` for the
// usual kinds (a choice, a yes/no, a whole number in bounds), refusing unknown keys and bad values.
import { violation, type RuleViolation } from './violations.js';

export type OptionsResult =
  | { readonly ok: true; readonly options: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly violation: RuleViolation };

export type FlagDef =
  | { readonly kind: 'choice'; readonly values: readonly string[]; readonly default: string }
  | { readonly kind: 'boolean'; readonly default: boolean }
  | { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly default: number };

const invalid = (message: string): OptionsResult => ({ ok: false, violation: violation('invalid-options', message) });

/** The sentence saying why `value` does not fit `def`, or undefined when it fits. */
function checkFlag(key: string, def: FlagDef, value: unknown): string | undefined {
  switch (def.kind) {
    case 'choice':
      return typeof value === 'string' && def.values.includes(value)
        ? undefined
        : `The option ${key} must be one of: ${def.values.join(', ')}.`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `The option ${key} must be true or false.`;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= def.min && value <= def.max
        ? undefined
        : `The option ${key} must be a whole number from ${def.min} to ${def.max}.`;
    default: {
      const _exhaustive: never = def;
      return _exhaustive;
    }
  }
}

export function parseFlags(defs: Readonly<Record<string, FlagDef>>, raw: Readonly<Record<string, unknown>>): OptionsResult {
  const known = Object.keys(defs);
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) {
      const list = known.length > 0 ? ` (it has: ${known.join(', ')})` : '';
      return invalid(`This game has no option called "${key}"${list}.`);
    }
  }
  const options: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(defs)) {
    const value = raw[key] ?? def.default;
    const problem = checkFlag(key, def, value);
    if (problem) return invalid(problem);
    options[key] = value;
  }
  return { ok: true, options };
}

/** The defaults of a set of flags, for `InitiativeSystem.defaultOptions`. */
export const flagDefaults = (defs: Readonly<Record<string, FlagDef>>): Readonly<Record<string, unknown>> =>
  Object.fromEntries(Object.entries(defs).map(([key, def]) => [key, def.default]));
