import { z } from 'zod';

// The protocol's machine-readable documents (the OpenAPI one the server serves, the AsyncAPI one of the
// socket events) are made of the JSON Schemas of these zod schemas. zod writes a schema that has an id
// (`.meta({ id: 'ErrorBody' })`) into the `$defs` of every schema that uses it and points at it with
// `#/$defs/ErrorBody`; inside an OpenAPI or AsyncAPI document `#` is the whole document, where no such
// path exists. So each named schema moves once into the document's `components/schemas`, and every
// reference is rewritten to point there.

export type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const DEFS = /^#\/(\$defs|definitions)\//;

const isRecord = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `value` whose `#/$defs/X` references read `#/components/schemas/<names[X]>`. */
function rewriteRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (!isRecord(value)) return value;
  const copy: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && DEFS.test(item)) {
      const id = item.replace(DEFS, '');
      copy[key] = COMPONENTS + (names.get(id) ?? id);
    } else {
      copy[key] = rewriteRefs(item, names);
    }
  }
  return copy;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The JSON Schemas of a document's zod schemas, with the named ones gathered in `schemas` (its components). */
export class SchemaComponents {
  /** For the document's `components.schemas`. */
  readonly schemas: Record<string, JsonSchema> = {};

  /**
   * `draft-2020-12` (zod's default) is OpenAPI 3.1's dialect; AsyncAPI's default schema format is a
   * superset of draft-07.
   */
  constructor(private readonly target: 'draft-2020-12' | 'draft-07' = 'draft-2020-12') {}

  /**
   * The JSON Schema of `schema` as a request (`input`) or an answer (`output`) reads it. A named schema
   * whose input differs from its output (a default, a transform) is kept twice: the one met second is
   * named `<id>Input` or `<id>Output`.
   */
  of(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    // `unrepresentable: 'any'`: refinements and transforms document as their base type instead of failing.
    const { $defs, definitions, $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: this.target, unrepresentable: 'any' }) as JsonSchema;
    // draft-07 calls them `definitions`.
    const defs = isRecord($defs) ? $defs : isRecord(definitions) ? definitions : {};
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) {
      const kept = this.schemas[id];
      names.set(id, kept === undefined || same(kept, rewriteRefs(def, new Map())) ? id : `${id}${io === 'input' ? 'Input' : 'Output'}`);
    }
    for (const [id, def] of Object.entries(defs)) {
      const name = names.get(id) ?? id;
      const rewritten = rewriteRefs(def, names) as JsonSchema;
      const kept = this.schemas[name];
      if (kept !== undefined && !same(kept, rewritten)) throw new Error(`Two different schemas are named ${name}: give one of them another id.`);
      this.schemas[name] = rewritten;
    }
    return rewriteRefs(json, names) as JsonSchema;
  }
}
