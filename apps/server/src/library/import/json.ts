// Reading a JSON file for the JSON formats: the syntax error's line, and zod schemas of just the fields
// a format reads (everything else in the file is ignored), whose first issue names the field path.
import { parse as parseLocating, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { depthExceededAt, MAX_JSON_DEPTH, tooDeepMessage } from '@roundkeeper/protocol';
import { atPath, ImportRefusal, type PathPart } from './problem.js';

/** Where JSON.parse stopped, found by jsonc-parser (V8's own message gives no position for many errors). */
function firstSyntaxError(text: string): ParseError | undefined {
  const errors: ParseError[] = [];
  parseLocating(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors[0];
}

/** "ValueExpected" → "value expected". */
const words = (code: string): string => code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/**
 * The file as JSON, or an ImportRefusal naming the line where it stops being JSON. Its nesting is
 * bounded first, in one pass without recursion: jsonc-parser (which finds the line) and the format
 * readers walk the file recursively, and 5,000 `[` overflowed the stack.
 */
export function parseJsonFile(text: string): unknown {
  const tooDeep = depthExceededAt(text, MAX_JSON_DEPTH);
  if (tooDeep !== undefined) {
    const line = lineAt(text, tooDeep);
    throw new ImportRefusal({ line, message: `The file nests too deep on line ${line}: ${tooDeepMessage(MAX_JSON_DEPTH)}` });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const found = firstSyntaxError(text);
    if (!found) throw new ImportRefusal({ message: `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}.` });
    const line = lineAt(text, found.offset);
    throw new ImportRefusal({ line, message: `The file is not valid JSON: ${words(printParseErrorCode(found.error))} on line ${line}.` });
  }
}

/** `value` read by `schema`, or an ImportRefusal naming the first wrong field under `path`. */
export function readAs<S extends z.ZodType>(schema: S, value: unknown, path: readonly PathPart[]): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = [...path, ...(issue?.path ?? []).filter((p): p is PathPart => typeof p !== 'symbol')];
  throw new ImportRefusal({ ...atPath(where), message: issue?.message ?? 'This is not what was expected here.' });
}
