import type { z } from 'zod';

/** What a sample refers to: the ids a valid-looking command should name. */
export interface SampleContext {
  readonly combatantId: string;
}

interface Def {
  readonly type: string;
  readonly shape?: Record<string, z.ZodType>;
  readonly innerType?: z.ZodType;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly values?: readonly unknown[];
  readonly entries?: Record<string, unknown>;
  readonly in?: z.ZodType;
  /** template_literal: literal strings/numbers and schemas, in order (`enemy-${number}`). */
  readonly parts?: readonly unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Strings by field name, so a sample is valid for the schema and meaningful to the rules. */
function stringFor(key: string, context: SampleContext): string {
  if (/combatantId|^id$/i.test(key)) return context.combatantId;
  if (/name/i.test(key)) return 'Sample';
  if (/resource/i.test(key)) return 'AP';
  return 'x';
}

/**
 * A value the schema accepts, built by walking zod's definition: how the roles test covers every
 * command the protocol declares, including ones added after the test was written. Throws on a
 * schema kind it cannot build, naming it, so a new kind is noticed rather than skipped.
 */
export function sampleOf(schema: z.ZodType, context: SampleContext, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, field]) => defOf(field).type !== 'optional')
          .map(([name, field]) => [name, sampleOf(field, context, name)]),
      );
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'default':
      return def.innerType ? sampleOf(def.innerType, context, key) : undefined;
    case 'pipe':
      return def.in ? sampleOf(def.in, context, key) : undefined;
    case 'string':
      return stringFor(key, context);
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'record':
      return {};
    case 'unknown':
    case 'any':
      return {};
    case 'array': {
      // Two distinct-looking elements satisfy the usual minimums (resolve-tie needs two units).
      const element = def.element;
      if (!element) return [];
      return [sampleOf(element, context, key), sampleOf(element, { combatantId: `${context.combatantId}-other` }, key)];
    }
    case 'union':
      return def.options?.[0] ? sampleOf(def.options[0], context, key) : undefined;
    case 'template_literal':
      return (def.parts ?? [])
        .map((part) => (part !== null && typeof part === 'object' ? String(sampleOf(part as z.ZodType, context, key)) : String(part)))
        .join('');
    default:
      throw new Error(`sampleOf: no sample for a zod ${def.type} (at ${key || 'top'})`);
  }
}

/** The options of the protocol's discriminated command union, by type. */
export function commandOptions(commandSchema: z.ZodType): { type: string; schema: z.ZodType }[] {
  const options = defOf(commandSchema).options ?? [];
  return options.map((schema) => {
    const type = defOf(defOf(schema).shape?.type ?? schema).values?.[0];
    if (typeof type !== 'string') throw new Error('a command option without a literal type');
    return { type, schema };
  });
}
