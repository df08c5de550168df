import type { EncounterEvent } from '@roundkeeper/rules';

/**
 * Upcasting: events are stored forever, in the shape of the release that wrote them. When a later
 * release changes an event's shape, it adds an upcaster here instead of rewriting stored rows: a pure
 * function that recognises the old shape by its fields and returns today's (and returns anything else
 * untouched, so running it twice changes nothing). The store applies them to every event it reads
 * (load, loadSince, readLog), so rooms, replays, exports and dice checks see today's shapes only.
 * docs/operations.md ("Upgrades") says when one is needed; apps/server/test/upgrade.test.ts replays a
 * database written by an earlier release through them.
 */
export type Upcaster = (event: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;

/** Per event type, in the order they were added (oldest first). None yet: no event has changed shape. */
export const UPCASTERS: Readonly<Record<string, readonly Upcaster[]>> = {};

/** One stored payload in today's shape. */
export function upcast(payload: unknown, upcasters: Readonly<Record<string, readonly Upcaster[]>> = UPCASTERS): EncounterEvent {
  const event = payload as Readonly<Record<string, unknown>>;
  const chain = typeof event.type === 'string' ? upcasters[event.type] : undefined;
  if (!chain || chain.length === 0) return payload as EncounterEvent;
  return chain.reduce((e, step) => step(e), event) as unknown as EncounterEvent;
}
