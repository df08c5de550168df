import type { z } from 'zod';

/** One sentence from a zod error: the first issue, with where it is ("command.type: …"). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The message is malformed.';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
