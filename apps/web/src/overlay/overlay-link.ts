import { ApiError } from '@roundkeeper/client';
import type { ErrorCode, SpectatorTokenResponse } from '@roundkeeper/protocol';
import { fragment } from '../lib/fragment.js';
import { StoredList } from '../lib/stored-list.js';

// How the overlay is reached: its link, and a new spectator token from the GM. Lives with the overlay
// so the link's shape is defined beside the page that reads it (OverlayApp takes `e` and `t`).

export const overlayUrl = (origin: string, encounterId: string, spectatorToken: string): string =>
  `${origin}/overlay${fragment({ e: encounterId, t: spectatorToken })}`;

/** As many as the console remembers encounters (saved-encounters.ts). */
const MAX_MADE_TOKENS = 30;

/**
 * Spectator tokens this console made with "New overlay link". A console on a second laptop has no
 * saved creation answer, and the server cannot show a token again (it keeps the hash), so the new one
 * is remembered here to survive a reload.
 */
export const madeOverlayTokens = new StoredList<{ readonly encounterId: string; readonly spectatorToken: string }>(
  'roundkeeper.gm.overlay-tokens',
  (entry) => entry.encounterId,
  MAX_MADE_TOKENS,
);

/** Replaces the encounter's spectator token (GM only); the old overlay link stops working. */
export async function newSpectatorToken(encounterId: string, gmToken: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/encounters/${encodeURIComponent(encounterId)}/spectator-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gmToken}` },
    });
  } catch {
    throw new ApiError('network', 'Cannot reach the server. Check the connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && typeof payload === 'object' && payload !== null && 'spectatorToken' in payload) {
    return (payload as SpectatorTokenResponse).spectatorToken;
  }
  const body = (payload ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof body.message === 'string' ? body.message : `The server answered ${response.status}.`;
  throw new ApiError(typeof body.code === 'string' ? (body.code as ErrorCode) : 'internal', message, response.status);
}
