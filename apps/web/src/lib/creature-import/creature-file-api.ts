// POST /api/creature-files/parse for the import dialog. Here rather than in the client package: a
// refusal carries where the file is wrong (line, field), which the client's ApiError does not.
import type { CreatureFileError, ParseCreatureFileRequest, ParseCreatureFileResponse } from '@roundkeeper/protocol';

export type FileReading = ({ readonly ok: true } & ParseCreatureFileResponse) | { readonly ok: false; readonly error: Omit<CreatureFileError, 'code'> };

function errorOf(payload: unknown, status: number): Omit<CreatureFileError, 'code'> {
  if (typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string') {
    const { message } = payload;
    const line = 'line' in payload && typeof payload.line === 'number' ? payload.line : undefined;
    const field = 'field' in payload && typeof payload.field === 'string' ? payload.field : undefined;
    return { message, ...(line !== undefined ? { line } : {}), ...(field !== undefined ? { field } : {}) };
  }
  return { message: `The server answered ${status}.` };
}

export async function readCreatureFile(request: ParseCreatureFileRequest, baseUrl = ''): Promise<FileReading> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/creature-files/parse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { ok: false, error: { message: 'Cannot reach the server to read the file. Check the connection and try again.' } };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, error: errorOf(payload, response.status) };
  // Built by the server from the protocol's schema; like the other HTTP answers, trusted as typed.
  return { ok: true, ...(payload as ParseCreatureFileResponse) };
}

/** "Line 3, column hp: …", "monster[3].hp.average: …", or the message alone. */
export function describeFileError(error: Omit<CreatureFileError, 'code'>): string {
  const where = error.line !== undefined ? `Line ${error.line}${error.field ? `, column ${error.field}` : ''}` : error.field;
  return where ? `${where}: ${error.message}` : error.message;
}
