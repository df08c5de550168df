import type { AccessStore } from './access-store.js';
import type { EncounterLog } from './encounter-log.js';

// The storage the server is made with: the encounter log and the access store, two ports with their
// own owners, implemented together over one database by DrizzleEventStore (PGlite and PostgreSQL alike),
// whose one contract suite (test/store-contract-*.test.ts) runs on both.

/** Both ports, as the one drizzle implementation offers them. */
export interface EventStore extends EncounterLog, AccessStore {}
