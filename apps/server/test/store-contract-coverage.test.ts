import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DrizzleEventStore } from '../src/store/drizzle-event-store.js';
import type { Method } from './helpers/store-contract.js';

/** Every method of the port; `satisfies` makes the typecheck fail when the interface gains or loses one. */
const PORT_METHODS = {
  createEncounter: true,
  findEncounter: true,
  findEncountersByGmTokenHashes: true,
  load: true,
  loadSince: true,
  readLog: true,
  latestSeq: true,
  setJoinLocked: true,
  setSpectatorTokenHash: true,
  setJoinCode: true,
  findByJoinCode: true,
  append: true,
  findCommand: true,
  takeSeat: true,
  findSeatByTokenHash: true,
  findEncounterWithSeat: true,
  listSeats: true,
  removeSeat: true,
  findTimedEncounters: true,
  latestCheckpoint: true,
} as const satisfies Record<Method, true>;

/** Methods of DrizzleEventStore that are not part of the port (private helpers on its prototype). */
const IMPLEMENTATION_HELPERS = ['appendAlone', 'alreadyTaken', 'findEncountersWithSeats'];

const AREA_FILE = /^store-contract-.+\.test\.ts$/;
const CONTRACT_CALL = /\bcontract\(/g;
/** `contract([...methods], …)`: the methods are a literal list (the type of `contract` makes each a port method). */
const CONTRACT_METHODS = /\bcontract\(\s*\[([^\]]*)\]/g;

/**
 * The port methods named by the contract tests of every area file. The areas run in files of their own,
 * so they are read from the source; a `contract(` call whose methods are not a literal list fails here.
 */
async function coveredMethods(): Promise<Set<string>> {
  const dir = new URL('./', import.meta.url);
  const files = (await readdir(dir)).filter((name) => AREA_FILE.test(name) && name !== 'store-contract-coverage.test.ts');
  const covered = new Set<string>();
  for (const file of files) {
    const source = await readFile(new URL(file, dir), 'utf8');
    const lists = [...source.matchAll(CONTRACT_METHODS)].map((match) => match[1] ?? '');
    expect(lists.length, `${file}: every contract(...) names its methods as a literal list`).toBe(source.match(CONTRACT_CALL)?.length ?? 0);
    for (const list of lists) for (const [, method] of list.matchAll(/'(\w+)'/g)) covered.add(method!);
  }
  return covered;
}

describe('event store contract coverage', () => {
  it('every method of DrizzleEventStore is a port method with at least one contract test', async () => {
    const methods = Object.getOwnPropertyNames(DrizzleEventStore.prototype)
      .filter((name) => name !== 'constructor' && !IMPLEMENTATION_HELPERS.includes(name))
      .sort();
    expect(methods, 'a public method that is not in EventStore, or a new private helper to list in IMPLEMENTATION_HELPERS').toEqual(
      Object.keys(PORT_METHODS).sort(),
    );
    const covered = await coveredMethods();
    const untested = methods.filter((name) => !covered.has(name));
    expect(untested, 'methods without a contract test').toEqual([]);
  });
});
