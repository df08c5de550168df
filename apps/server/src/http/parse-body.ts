import type { z } from 'zod';
import { describeIssue } from '../validation.js';
import { HttpError } from './http-error.js';

/** Parses a request body with its protocol schema; a bad body becomes a 400 with a readable message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError('bad-request', describeIssue(parsed.error));
  return parsed.data;
}
