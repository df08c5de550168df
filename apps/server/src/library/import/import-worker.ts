// The thread that reads creature files (import-thread.ts sends it each reading): parsing a GM's books
// takes up to a second of CPU, which on the server's thread would stall every table on the node. The
// answer is checked against its response schema and written as JSON here too, for the same reason:
// the route sends the text as it is.
import { parentPort } from 'node:worker_threads';
import { parseCreatureFileResponseSchema, withWellFormedText } from '@roundkeeper/protocol';
import { parseCreatureFiles } from './index.js';
import type { ImportReply, ImportRequest } from './import-thread.js';

const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread');

port.on('message', ({ id, format, files, system }: ImportRequest) => {
  let reply: ImportReply;
  try {
    const result = parseCreatureFiles(format, files, system);
    if (!result.ok) reply = { id, problem: result.problem };
    else {
      // As the route's serializer would: an answer that fails its own schema is our bug (a 500), never sent.
      const { creatures, skipped, notices, encounters } = result;
      // Text read from the file (a skipped entry's name) may hold what an answer may not: NUL, a lone
      // surrogate. It is repaired first, as every answer is (U+FFFD in their place).
      const checked = parseCreatureFileResponseSchema.safeParse(withWellFormedText({ creatures, skipped, notices, encounters }));
      reply = checked.success ? { id, json: JSON.stringify(checked.data) } : { id, error: `the answer does not match its schema: ${checked.error.message}` };
    }
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
