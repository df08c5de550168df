import type { z } from 'zod';

const MALFORMED = 'The message is malformed.';

const sentence = (where: string, message: string): string => (where ? `${where}: ${message}` : message);

/** One sentence from a zod error: the first issue, with where it is ("command.type: …"). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MALFORMED;
  return sentence(issue.path.map(String).join('.'), issue.message);
}

/**
 * The same sentence for a request part that failed its route schema: fastify-type-provider-zod hands
 * over each zod issue with its path as a pointer ("/events/0/seq"), which reads back as "events.0.seq".
 */
export function describeSchemaIssue(issue: { readonly instancePath: string; readonly message?: string } | undefined): string {
  if (!issue?.message) return MALFORMED;
  return sentence(issue.instancePath.slice(1).replaceAll('/', '.'), issue.message);
}
