import { afterAll, describe, it } from 'vitest';
import { createEncounter, type EncounterEvent } from '@roundkeeper/rules';
import { newId, newJoinCode, newSeed, sha256Hex } from '../../src/auth/secrets.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { DrizzleEventStore } from '../../src/store/drizzle-event-store.js';
import type { EventStore } from '../../src/store/event-store.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './databases.js';
import { beforeAllOrFail } from './suite.js';

// The storage contract: every EventStore must pass it, on PGlite and on PostgreSQL. Its tests live in
// test/store-contract-*.test.ts, one file per area of the port; each registers its tests through
// `contract`, naming the port methods they check, and store-contract-coverage.test.ts fails when a
// method of the store is named by none.

export type Method = keyof EventStore;

export interface StoreUnderTest {
  readonly store: EventStore;
  /** The database under the store, for tests that watch what the store sends it. */
  readonly database: Database;
}

/** Registers a test of the port methods in `methods`, its name prefixed with the first of them. */
export type Contract = (methods: readonly [Method, ...Method[]], name: string, fn: (underTest: StoreUnderTest) => Promise<void>) => void;

/**
 * One area of the contract, on each backend: `describe(area)` inside 'event store contract (<backend>)',
 * over a fresh database of its own that is dropped afterwards.
 */
export function describeStoreContract(area: string, tests: (contract: Contract) => void): void {
  describe.each(BACKENDS)('event store contract (%s)', (backend) => {
    let testDb: TestDatabase | undefined;
    let underTest: StoreUnderTest | undefined;

    beforeAllOrFail(async () => {
      testDb = await createTestDatabase(backend);
      const database = await openDatabase(testDb.config);
      underTest = { database, store: new DrizzleEventStore(database.db) };
    });

    afterAll(async () => {
      await underTest?.database.close();
      await testDb?.drop();
    });

    // beforeAllOrFail fails every test before it runs when the setup did, so `underTest` is set here.
    describe(area, () => tests((methods, name, fn) => it(`${methods[0]}: ${name}`, () => fn(underTest!))));
  });
}

export const begun: EncounterEvent = { type: 'initiative-begun' };
export const ended: EncounterEvent = { type: 'encounter-ended', seed: '0'.repeat(32) };
export const ok = (version: number) => ({ ok: true, version }) as const;

interface NewEncounterOptions {
  readonly joinCode?: string;
  readonly gmToken?: string;
  /** The rest of an imported log: seq 2… */
  readonly rest?: readonly EncounterEvent[];
}

export async function newEncounter(store: EventStore, { joinCode = newJoinCode(), gmToken = 'gm', rest }: NewEncounterOptions = {}) {
  const id = newId();
  const { seed, seedCommitment } = newSeed();
  const created = createEncounter({ id, name: 'Contract', system: 'dnd5e', seed, seedCommitment });
  const record = { id, name: 'Contract', system: 'dnd5e', gmTokenHash: sha256Hex(gmToken), spectatorTokenHash: sha256Hex('sp'), joinCode };
  return { id, created, record, stored: await store.createEncounter(record, created, rest) };
}

/** An encounter whose log is seqs 1…`length` (the creation event, then alternating events), written as an import. */
export async function encounterWithLog(store: EventStore, length: number) {
  const rest = Array.from({ length: length - 1 }, (_, i) => (i % 2 === 0 ? begun : ended));
  const encounter = await newEncounter(store, { rest });
  if (!encounter.stored) throw new Error('join code collision in a test fixture');
  return encounter;
}
