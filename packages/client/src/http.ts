import type {
  CreateEncounterRequest,
  CreateEncounterResponse,
  ErrorCode,
  JoinAddressesResponse,
  JoinSettingsResponse,
  LookupJoinResponse,
  SeatRequest,
  TakeSeatRequest,
  TakeSeatResponse,
} from '@roundkeeper/protocol';
import { readable } from './refusal-words.js';

/** `network`: the request never got an answer (offline, server down). */
export type ApiErrorCode = ErrorCode | 'network';

/** A refusal from the HTTP API, carrying the server's code and its readable message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number,
    /** From `Retry-After` (a rate-limited or busy answer): when to try again; null when not said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

const MS_PER_SECOND = 1_000;

/** `Retry-After` is either a number of seconds or an HTTP date. */
export function retryAfterSecondsOf(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / MS_PER_SECOND));
}

export interface HttpOptions {
  /** Origin of the server; the page's own origin when omitted. */
  readonly baseUrl?: string;
}

export async function postJson<T>(path: string, body: unknown, options: HttpOptions): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl ?? ''}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('network', 'Cannot reach the server. Check the connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(payload, response.status, retryAfterSecondsOf(response.headers.get('retry-after')));
  return payload as T;
}

function toApiError(payload: unknown, status: number, retryAfterSeconds: number | null): ApiError {
  if (typeof payload === 'object' && payload !== null && 'code' in payload && 'message' in payload) {
    const { code, message } = payload as { code: unknown; message: unknown };
    if (typeof code === 'string' && typeof message === 'string') {
      const words = readable({ code, message });
      return new ApiError(code as ErrorCode, words.message, status, retryAfterSeconds);
    }
  }
  return new ApiError('internal', `The server answered ${status}.`, status, retryAfterSeconds);
}

export const createEncounter = (body: CreateEncounterRequest, options: HttpOptions = {}) =>
  postJson<CreateEncounterResponse>('/api/encounters', body, options);

export const lookupJoin = (joinCode: string, options: HttpOptions = {}) =>
  postJson<LookupJoinResponse>('/api/join/lookup', { joinCode }, options);

export const takeSeat = (body: TakeSeatRequest, options: HttpOptions = {}) =>
  postJson<TakeSeatResponse>('/api/join/seat', body, options);

/** A player whose character is taken asks the GM to free it (no seat, no token: the join code). */
export const requestSeat = (body: SeatRequest, options: HttpOptions = {}) => postJson<null>('/api/join/request', body, options);

/** A GM route authorised by a bearer token (an encounter's GM token, a library token); null for a 204. */
export async function gmRequest<T>(method: string, path: string, gmToken: string, body: unknown, options: HttpOptions): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl ?? ''}${path}`, {
      method,
      headers: { authorization: `Bearer ${gmToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError('network', 'Cannot reach the server. Check the connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(payload, response.status, retryAfterSecondsOf(response.headers.get('retry-after')));
  return payload as T;
}

const encounterPath = (encounterId: string) => `/api/encounters/${encodeURIComponent(encounterId)}`;

/** The GM's controls over joining: the addresses phones reach, freeing a seat, locking, a new code. */
export const gmJoin = {
  addresses: (encounterId: string, gmToken: string, options: HttpOptions = {}) =>
    gmRequest<JoinAddressesResponse>('GET', `${encounterPath(encounterId)}/join-addresses`, gmToken, undefined, options),
  freeSeat: (encounterId: string, seatId: string, gmToken: string, options: HttpOptions = {}) =>
    gmRequest<null>('DELETE', `${encounterPath(encounterId)}/seats/${encodeURIComponent(seatId)}`, gmToken, undefined, options),
  dismissRequest: (encounterId: string, combatantId: string, gmToken: string, options: HttpOptions = {}) =>
    gmRequest<null>('DELETE', `${encounterPath(encounterId)}/seat-requests/${encodeURIComponent(combatantId)}`, gmToken, undefined, options),
  lock: (encounterId: string, locked: boolean, gmToken: string, options: HttpOptions = {}) =>
    gmRequest<JoinSettingsResponse>('PUT', `${encounterPath(encounterId)}/join-lock`, gmToken, { locked }, options),
  newCode: (encounterId: string, gmToken: string, options: HttpOptions = {}) =>
    gmRequest<JoinSettingsResponse>('POST', `${encounterPath(encounterId)}/join-code`, gmToken, undefined, options),
};
