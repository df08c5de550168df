import type { z } from 'zod';

/** What a value should have been, as a person says it. */
const EXPECTED: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty (null)',
  tuple: 'a list',
  record: 'an object',
};

const what = (origin: string | undefined, n: number | bigint): string =>
  origin === 'string' ? `${n} characters long` : origin === 'array' || origin === 'set' ? `${n} items` : `${n}`;

/**
 * One zod issue as the end of a sentence ("must be at most 9999"), never the validator's own text: a
 * person reading a refused file learns what to fix. Custom issues carry our own sentences.
 */
export function issueInWords(issue: z.core.$ZodIssue, found: unknown): string {
  switch (issue.code) {
    case 'too_big':
      return `must be at most ${what(issue.origin, issue.maximum as number)}`;
    case 'too_small':
      return `must be at least ${what(issue.origin, issue.minimum as number)}`;
    case 'invalid_type':
      return found === undefined ? 'is missing' : `must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it may not have: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? String(issue.values[0]) : `one of ${issue.values.map(String).join(', ')}`}`;
    case 'invalid_union':
      return 'is none of the kinds allowed here';
    case 'invalid_format':
      return 'is not in the form allowed here';
    case 'custom':
      return issue.message;
    default:
      return 'is not what is allowed here';
  }
}

/** The value at `path` inside `value`, or undefined where the path leads nowhere. */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}
