// POST /api/creature-files/parse for the import dialog. Here rather than in the client package: a
// refusal carries where the file is wrong (file, line, field), which the client's ApiError does not.
import type { CreatureFileError, FileNote, ParseCreatureFileRequest, ParseCreatureFileResponse } from '@roundkeeper/protocol';

export type FileProblem = Omit<CreatureFileError, 'code'>;
export type FileReading = ({ readonly ok: true } & ParseCreatureFileResponse) | { readonly ok: false; readonly error: FileProblem };

function errorOf(payload: unknown, status: number): FileProblem {
  if (typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string') {
    const { message } = payload;
    const file = 'file' in payload && typeof payload.file === 'string' ? payload.file : undefined;
    const line = 'line' in payload && typeof payload.line === 'number' ? payload.line : undefined;
    const field = 'field' in payload && typeof payload.field === 'string' ? payload.field : undefined;
    return { message, ...(file !== undefined ? { file } : {}), ...(line !== undefined ? { line } : {}), ...(field !== undefined ? { field } : {}) };
  }
  return { message: `The server answered ${status}.` };
}

export async function readCreatureFiles(request: ParseCreatureFileRequest, baseUrl = ''): Promise<FileReading> {
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

/** "monsters.json, line 3, column hp", "line 3, column hp", "monster[3].hp.average", or nothing. */
function whereOf(at: Omit<FileNote, 'message'>, csv: boolean): string {
  const parts = [at.file, at.line !== undefined ? `line ${at.line}` : undefined, at.field ? (csv && at.line !== undefined ? `column ${at.field}` : at.field) : undefined];
  return parts.filter((p) => p !== undefined && p !== '').join(', ');
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Line 3, column hp: …", "b.json, line 2: …", "monster[3].hp.average: …", or the message alone. */
export function describeFileError(error: FileProblem): string {
  const where = whereOf(error, error.line !== undefined);
  return where ? `${capitalised(where)}: ${error.message}` : error.message;
}

/** Where a note points, for the GM to find it in the file ("bestiary-cos.json, monster[3]._copy"). */
export const noteWhere = (note: FileNote): string => whereOf(note, note.line !== undefined);
