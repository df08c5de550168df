import type { SeatOffer, VersionedView } from '@roundkeeper/protocol';
import { EncounterConnection } from '../../../../packages/client/src/index.js';

const WAIT_TIMEOUT_MS = 10_000;

/** The real client class (what the web pages use): asks for view patches and applies them. */
export function openConnection(url: string, encounterId: string, token: string): EncounterConnection {
  const connection = new EncounterConnection();
  connection.connect({ baseUrl: url, encounterId, token });
  return connection;
}

/** Resolves with the connection's view once it holds `version` (or later). */
export function untilVersion(connection: EncounterConnection, version: number): Promise<VersionedView> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no view ${version} within ${WAIT_TIMEOUT_MS} ms`)), WAIT_TIMEOUT_MS);
    const stop = connection.subscribe((state) => {
      if (!state.view || state.view.version < version) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve(state.view);
    });
  });
}

/** Resolves with the first seat offer the connection holds (a player's, pushed as `seat-offer`). */
export function untilSeatOffer(connection: EncounterConnection): Promise<SeatOffer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no seat offer within ${WAIT_TIMEOUT_MS} ms`)), WAIT_TIMEOUT_MS);
    const stop = connection.subscribe((state) => {
      if (!state.seatOffer) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve(state.seatOffer);
    });
  });
}
