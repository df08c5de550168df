import { afterAll, describe, expect, it } from 'vitest';
import { createEncounter } from '@roundkeeper/rules';
import type { Creature } from '@roundkeeper/protocol';
import { newId, newJoinCode, newSeed, sha256Hex } from '../src/auth/secrets.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DrizzleLibraryStore } from '../src/library/drizzle-library-store.js';
import type { LibraryStore } from '../src/library/library-store.js';
import { DrizzleEventStore } from '../src/store/drizzle-event-store.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';

// The library store's contract, on PGlite and on PostgreSQL: each test is registered with the port
// methods it checks, and the last test fails when a method has none (as in the store-contract-*.test.ts files).

type Method = keyof LibraryStore;

const PORT_METHODS = {
  createLibrary: true,
  findLibraryId: true,
  listParties: true,
  countParties: true,
  findParty: true,
  createParty: true,
  renameParty: true,
  deleteParty: true,
  addPartyMembers: true,
  updatePartyMember: true,
  removePartyMember: true,
  listBestiary: true,
  countBestiary: true,
  findBestiaryEntries: true,
  addBestiaryEntries: true,
  updateBestiaryEntry: true,
  removeBestiaryEntry: true,
  linkPartyEncounter: true,
  findPartyEncounter: true,
  findPartyEncounterAt: true,
  findLatestPartyEncounter: true,
  setPartyEncounterLinks: true,
  wasCarriedOver: true,
  markCarriedOver: true,
} as const satisfies Record<Method, true>;

const covered = new Set<Method>();

const pc = (name: string, dex = 12): Creature => ({ name, side: 'pc', stats: { dex }, health: { max: 20 } });
const goblin = (name = 'Goblin'): Creature => ({ name, side: 'enemy', stats: { dex: 14 }, health: { max: 7 } });

describe.each(BACKENDS)('library store contract (%s)', (backend) => {
  let testDb: TestDatabase;
  let database: Database;
  let library: LibraryStore;
  let events: DrizzleEventStore;

  const contract = (name: string, methods: readonly Method[], body: () => Promise<void>) => {
    for (const m of methods) covered.add(m);
    it(name, body);
  };

  async function newLibrary(): Promise<string> {
    const id = newId();
    await library.createLibrary(id, sha256Hex(`token ${id}`));
    return id;
  }

  async function newEncounter(): Promise<string> {
    const id = newId();
    const { seed, seedCommitment } = newSeed();
    const created = createEncounter({ id, name: 'Linked', system: 'dnd5e', seed, seedCommitment });
    await events.createEncounter({ id, name: 'Linked', system: 'dnd5e', gmTokenHash: sha256Hex(`gm ${id}`), spectatorTokenHash: sha256Hex(`sp ${id}`), joinCode: newJoinCode() }, created);
    return id;
  }

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    database = await openDatabase(testDb.config);
    library = new DrizzleLibraryStore(database.db);
    events = new DrizzleEventStore(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  contract('a library is found by its token hash only', ['createLibrary', 'findLibraryId'], async () => {
    const id = await newLibrary();
    expect(await library.findLibraryId(sha256Hex(`token ${id}`))).toBe(id);
    expect(await library.findLibraryId(sha256Hex('another token'))).toBeUndefined();
    await expect(library.createLibrary(newId(), sha256Hex(`token ${id}`))).rejects.toThrow();
  });

  contract(
    'parties keep their members in the order added, and only their own library sees them',
    ['createParty', 'findParty', 'listParties', 'countParties', 'addPartyMembers'],
    async () => {
      const mine = await newLibrary();
      const theirs = await newLibrary();
      const partyId = newId();
      await library.createParty(mine, { id: partyId, name: 'Heroes', system: 'dnd5e', members: [{ id: 'm1', creature: pc('Aria') }, { id: 'm2', creature: pc('Borin') }] });
      await library.createParty(mine, { id: newId(), name: 'Empty', system: 'dc20', members: [] });
      expect(await library.addPartyMembers(mine, partyId, [{ id: 'm3', creature: pc('Cael') }, { id: 'm4', creature: pc('Dara') }])).toBe(true);
      const party = await library.findParty(mine, partyId);
      expect(party).toMatchObject({ name: 'Heroes', system: 'dnd5e', libraryId: mine });
      expect(party?.members.map((m) => [m.id, m.creature.name])).toEqual([['m1', 'Aria'], ['m2', 'Borin'], ['m3', 'Cael'], ['m4', 'Dara']]);
      expect((await library.listParties(mine)).map((p) => [p.name, p.members.length])).toEqual([['Heroes', 4], ['Empty', 0]]);
      expect(await library.countParties(mine)).toBe(2);
      // Another library's token never reaches these rows.
      expect(await library.findParty(theirs, partyId)).toBeUndefined();
      expect(await library.listParties(theirs)).toEqual([]);
      expect(await library.countParties(theirs)).toBe(0);
      expect(await library.addPartyMembers(theirs, partyId, [{ id: 'm5', creature: pc('Spy') }])).toBe(false);
      expect((await library.findParty(mine, partyId))?.members).toHaveLength(4);
    },
  );

  contract('members are replaced and removed within their own library only', ['updatePartyMember', 'removePartyMember', 'renameParty'], async () => {
    const mine = await newLibrary();
    const theirs = await newLibrary();
    const partyId = newId();
    await library.createParty(mine, { id: partyId, name: 'Heroes', system: 'dnd5e', members: [{ id: 'x1', creature: pc('Aria') }, { id: 'x2', creature: pc('Borin') }] });
    expect(await library.updatePartyMember(theirs, partyId, 'x1', pc('Hacked'))).toBe(false);
    expect(await library.updatePartyMember(mine, partyId, 'x1', pc('Aria the Bold', 16))).toBe(true);
    expect(await library.updatePartyMember(mine, partyId, 'nobody', pc('Ghost'))).toBe(false);
    expect(await library.removePartyMember(theirs, partyId, 'x2')).toBe(false);
    expect(await library.removePartyMember(mine, partyId, 'x2')).toBe(true);
    expect(await library.removePartyMember(mine, partyId, 'x2')).toBe(false);
    expect(await library.renameParty(theirs, partyId, 'Stolen')).toBe(false);
    expect(await library.renameParty(mine, partyId, 'The Bold')).toBe(true);
    const party = await library.findParty(mine, partyId);
    expect(party?.name).toBe('The Bold');
    expect(party?.members.map((m) => m.creature)).toEqual([pc('Aria the Bold', 16)]);
  });

  contract('the bestiary keeps entries per system, in order, all or none', ['addBestiaryEntries', 'listBestiary', 'countBestiary', 'findBestiaryEntries'], async () => {
    const mine = await newLibrary();
    const theirs = await newLibrary();
    const many = Array.from({ length: 1_200 }, (_, i) => ({ id: `g${i}`, creature: goblin(`Goblin ${i}`) }));
    await library.addBestiaryEntries(mine, 'dnd5e', many);
    await library.addBestiaryEntries(mine, 'dc20', [{ id: 'd1', creature: goblin('Kobold') }]);
    expect(await library.countBestiary(mine)).toBe(1_201);
    const dnd = await library.listBestiary(mine, 'dnd5e');
    expect(dnd.map((e) => e.id)).toEqual(many.map((m) => m.id));
    expect((await library.listBestiary(mine, 'dc20')).map((e) => [e.id, e.system, e.creature.name])).toEqual([['d1', 'dc20', 'Kobold']]);
    expect(await library.listBestiary(mine)).toHaveLength(1_201);
    expect((await library.findBestiaryEntries(mine, ['d1', 'g3', 'missing'])).map((e) => e.id)).toEqual(['g3', 'd1']);
    expect(await library.findBestiaryEntries(theirs, ['d1'])).toEqual([]);
    expect(await library.findBestiaryEntries(mine, [])).toEqual([]);
    // A duplicate id in the batch: nothing of it is kept.
    await expect(library.addBestiaryEntries(theirs, 'dnd5e', [{ id: 'fresh', creature: goblin() }, { id: 'g1', creature: goblin() }])).rejects.toThrow();
    expect(await library.countBestiary(theirs)).toBe(0);
  });

  contract('bestiary entries are replaced and removed within their own library only', ['updateBestiaryEntry', 'removeBestiaryEntry'], async () => {
    const mine = await newLibrary();
    const theirs = await newLibrary();
    await library.addBestiaryEntries(mine, 'dnd5e', [{ id: 'b1', creature: goblin() }]);
    expect(await library.updateBestiaryEntry(theirs, 'b1', goblin('Hacked'))).toBe(false);
    expect(await library.updateBestiaryEntry(mine, 'b1', goblin('Goblin boss'))).toBe(true);
    expect((await library.findBestiaryEntries(mine, ['b1']))[0]?.creature.name).toBe('Goblin boss');
    expect(await library.removeBestiaryEntry(theirs, 'b1')).toBe(false);
    expect(await library.removeBestiaryEntry(mine, 'b1')).toBe(true);
    expect(await library.removeBestiaryEntry(mine, 'b1')).toBe(false);
  });

  contract(
    "a party's encounters are numbered in order, also when started at the same moment",
    ['linkPartyEncounter', 'findPartyEncounter', 'findPartyEncounterAt', 'deleteParty'],
    async () => {
      const lib = await newLibrary();
      const partyId = newId();
      await library.createParty(lib, { id: partyId, name: 'Heroes', system: 'dnd5e', members: [] });
      const first = await newEncounter();
      expect(await library.linkPartyEncounter(partyId, first, [{ memberId: 'm1', combatantId: 'c1' }])).toBe(1);
      const together = await Promise.all([newEncounter(), newEncounter(), newEncounter()]);
      const ordinals = await Promise.all(together.map((id) => library.linkPartyEncounter(partyId, id, [])));
      expect([...ordinals].sort()).toEqual([2, 3, 4]);
      expect(await library.findPartyEncounter(first)).toEqual({ encounterId: first, partyId, ordinal: 1, members: [{ memberId: 'm1', combatantId: 'c1' }] });
      expect((await library.findPartyEncounterAt(partyId, 3))?.ordinal).toBe(3);
      expect(await library.findPartyEncounterAt(partyId, 5)).toBeUndefined();
      expect(await library.findPartyEncounter('nope')).toBeUndefined();
      // Deleting the party forgets its links; the encounters stay.
      expect(await library.deleteParty(lib, partyId)).toBe(true);
      expect(await library.findPartyEncounter(first)).toBeUndefined();
      expect(await events.findEncounter(first)).toBeDefined();
      expect(await library.deleteParty(lib, partyId)).toBe(false);
    },
  );

  contract(
    "a party's latest encounter, and its links replaced when PCs are kept into the party later",
    ['findLatestPartyEncounter', 'setPartyEncounterLinks'],
    async () => {
      const lib = await newLibrary();
      const partyId = newId();
      await library.createParty(lib, { id: partyId, name: 'Heroes', system: 'dnd5e', members: [] });
      expect(await library.findLatestPartyEncounter(partyId)).toBeUndefined();
      const [first, second] = [await newEncounter(), await newEncounter()];
      await library.linkPartyEncounter(partyId, first, []);
      await library.linkPartyEncounter(partyId, second, [{ memberId: 'm1', combatantId: 'c1' }]);
      expect((await library.findLatestPartyEncounter(partyId))?.encounterId).toBe(second);
      const links = [
        { memberId: 'm1', combatantId: 'c1' },
        { memberId: 'm2', combatantId: 'c4' },
      ];
      await library.setPartyEncounterLinks(second, links);
      expect((await library.findPartyEncounter(second))?.members).toEqual(links);
      expect((await library.findPartyEncounter(first))?.members).toEqual([]);
    },
  );

  contract('a seat is carried over into an encounter once', ['markCarriedOver', 'wasCarriedOver'], async () => {
    const encounterId = await newEncounter();
    expect(await library.wasCarriedOver(encounterId, 'seat-1')).toBe(false);
    expect(await library.markCarriedOver(encounterId, 'seat-1')).toBe(true);
    expect(await library.markCarriedOver(encounterId, 'seat-1')).toBe(false);
    expect(await library.wasCarriedOver(encounterId, 'seat-1')).toBe(true);
    expect(await library.wasCarriedOver(encounterId, 'seat-2')).toBe(false);
  });
});

describe('library store contract coverage', () => {
  it('every method of the port has a contract test', () => {
    expect(Object.keys(PORT_METHODS).filter((m) => !covered.has(m as Method))).toEqual([]);
  });
});
