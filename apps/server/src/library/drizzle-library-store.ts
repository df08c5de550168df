import { and, asc, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { Creature } from '@roundkeeper/protocol';
import type { SystemId } from '@roundkeeper/rules';
import type { Db } from '../db/client.js';
import { bestiaryEntries, carriedSeats, libraries, parties, partyEncounters, partyMembers } from '../db/schema/index.js';
import type {
  BestiaryRecord,
  LibraryStore,
  NewParty,
  PartyEncounterRecord,
  PartyMemberRecord,
  PartyRecord,
  PartySeatLink,
} from './library-store.js';

/** Two parties' encounters started in the same instant: each retry reads the new highest ordinal. */
const MAX_LINK_ATTEMPTS = 8;
/** Rows per INSERT when adding many creatures (well under the drivers' 65,535 parameters). */
const INSERT_BATCH_ROWS = 1_000;

type PartyRow = typeof parties.$inferSelect;

/** The library store over drizzle; the same code runs on PGlite and node-postgres. */
export class DrizzleLibraryStore implements LibraryStore {
  constructor(private readonly db: Db) {}

  async createLibrary(id: string, tokenHash: string): Promise<void> {
    await this.db.insert(libraries).values({ id, tokenHash });
  }

  async findLibraryId(tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: libraries.id }).from(libraries).where(eq(libraries.tokenHash, tokenHash));
    return row?.id;
  }

  private async withMembers(rows: readonly PartyRow[]): Promise<PartyRecord[]> {
    if (rows.length === 0) return [];
    const members = await this.db
      .select({ id: partyMembers.id, partyId: partyMembers.partyId, creature: partyMembers.creature })
      .from(partyMembers)
      .where(
        inArray(
          partyMembers.partyId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(partyMembers.position));
    return rows.map((row) => ({
      ...row,
      system: row.system as SystemId,
      members: members.filter((m) => m.partyId === row.id).map(({ id, creature }) => ({ id, creature })),
    }));
  }

  async listParties(libraryId: string): Promise<PartyRecord[]> {
    const rows = await this.db.select().from(parties).where(eq(parties.libraryId, libraryId)).orderBy(asc(parties.createdAt), asc(parties.id));
    return this.withMembers(rows);
  }

  async countParties(libraryId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(parties).where(eq(parties.libraryId, libraryId));
    return row?.n ?? 0;
  }

  async findParty(libraryId: string, partyId: string): Promise<PartyRecord | undefined> {
    const rows = await this.db
      .select()
      .from(parties)
      .where(and(eq(parties.libraryId, libraryId), eq(parties.id, partyId)));
    return (await this.withMembers(rows))[0];
  }

  async createParty(libraryId: string, party: NewParty): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(parties).values({ id: party.id, libraryId, name: party.name, system: party.system });
      if (party.members.length > 0) {
        await tx.insert(partyMembers).values(party.members.map((m) => ({ id: m.id, partyId: party.id, creature: m.creature })));
      }
    });
  }

  async renameParty(libraryId: string, partyId: string, name: string): Promise<boolean> {
    const updated = await this.db
      .update(parties)
      .set({ name })
      .where(and(eq(parties.libraryId, libraryId), eq(parties.id, partyId)))
      .returning({ id: parties.id });
    return updated.length > 0;
  }

  async deleteParty(libraryId: string, partyId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(parties)
      .where(and(eq(parties.libraryId, libraryId), eq(parties.id, partyId)))
      .returning({ id: parties.id });
    return deleted.length > 0;
  }

  private async ownsParty(libraryId: string, partyId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: parties.id })
      .from(parties)
      .where(and(eq(parties.libraryId, libraryId), eq(parties.id, partyId)));
    return row !== undefined;
  }

  async addPartyMembers(libraryId: string, partyId: string, members: readonly PartyMemberRecord[]): Promise<boolean> {
    if (!(await this.ownsParty(libraryId, partyId))) return false;
    if (members.length > 0) await this.db.insert(partyMembers).values(members.map((m) => ({ id: m.id, partyId, creature: m.creature })));
    return true;
  }

  async updatePartyMember(libraryId: string, partyId: string, memberId: string, creature: Creature): Promise<boolean> {
    if (!(await this.ownsParty(libraryId, partyId))) return false;
    const updated = await this.db
      .update(partyMembers)
      .set({ creature })
      .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.id, memberId)))
      .returning({ id: partyMembers.id });
    return updated.length > 0;
  }

  async removePartyMember(libraryId: string, partyId: string, memberId: string): Promise<boolean> {
    if (!(await this.ownsParty(libraryId, partyId))) return false;
    const deleted = await this.db
      .delete(partyMembers)
      .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.id, memberId)))
      .returning({ id: partyMembers.id });
    return deleted.length > 0;
  }

  async listBestiary(libraryId: string, system?: SystemId): Promise<BestiaryRecord[]> {
    const where = system === undefined ? eq(bestiaryEntries.libraryId, libraryId) : and(eq(bestiaryEntries.libraryId, libraryId), eq(bestiaryEntries.system, system));
    const rows = await this.db
      .select({ id: bestiaryEntries.id, system: bestiaryEntries.system, creature: bestiaryEntries.creature, createdAt: bestiaryEntries.createdAt })
      .from(bestiaryEntries)
      .where(where)
      .orderBy(asc(bestiaryEntries.position));
    return rows.map((r) => ({ ...r, system: r.system as SystemId }));
  }

  async countBestiary(libraryId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(bestiaryEntries).where(eq(bestiaryEntries.libraryId, libraryId));
    return row?.n ?? 0;
  }

  async findBestiaryEntries(libraryId: string, ids: readonly string[]): Promise<BestiaryRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: bestiaryEntries.id, system: bestiaryEntries.system, creature: bestiaryEntries.creature, createdAt: bestiaryEntries.createdAt })
      .from(bestiaryEntries)
      .where(and(eq(bestiaryEntries.libraryId, libraryId), inArray(bestiaryEntries.id, [...ids])))
      .orderBy(asc(bestiaryEntries.position));
    return rows.map((r) => ({ ...r, system: r.system as SystemId }));
  }

  async addBestiaryEntries(libraryId: string, system: SystemId, entries: readonly PartyMemberRecord[]): Promise<void> {
    const rows = entries.map((e) => ({ id: e.id, libraryId, system, creature: e.creature }));
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) await tx.insert(bestiaryEntries).values(rows.slice(i, i + INSERT_BATCH_ROWS));
    });
  }

  async updateBestiaryEntry(libraryId: string, entryId: string, creature: Creature): Promise<boolean> {
    const updated = await this.db
      .update(bestiaryEntries)
      .set({ creature })
      .where(and(eq(bestiaryEntries.libraryId, libraryId), eq(bestiaryEntries.id, entryId)))
      .returning({ id: bestiaryEntries.id });
    return updated.length > 0;
  }

  async removeBestiaryEntry(libraryId: string, entryId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(bestiaryEntries)
      .where(and(eq(bestiaryEntries.libraryId, libraryId), eq(bestiaryEntries.id, entryId)))
      .returning({ id: bestiaryEntries.id });
    return deleted.length > 0;
  }

  async linkPartyEncounter(partyId: string, encounterId: string, members: readonly PartySeatLink[]): Promise<number> {
    for (let attempt = 0; attempt < MAX_LINK_ATTEMPTS; attempt++) {
      const [row] = await this.db.select({ last: max(partyEncounters.ordinal) }).from(partyEncounters).where(eq(partyEncounters.partyId, partyId));
      const ordinal = (row?.last ?? 0) + 1;
      // unique(party, ordinal): of two encounters started at once, one gets the ordinal, the other reads again.
      const inserted = await this.db
        .insert(partyEncounters)
        .values({ encounterId, partyId, ordinal, members })
        .onConflictDoNothing({ target: [partyEncounters.partyId, partyEncounters.ordinal] })
        .returning({ ordinal: partyEncounters.ordinal });
      if (inserted[0]) return inserted[0].ordinal;
    }
    throw new Error(`party ${partyId}: no free encounter ordinal after ${MAX_LINK_ATTEMPTS} attempts`);
  }

  async findPartyEncounter(encounterId: string): Promise<PartyEncounterRecord | undefined> {
    const [row] = await this.db
      .select({ encounterId: partyEncounters.encounterId, partyId: partyEncounters.partyId, ordinal: partyEncounters.ordinal, members: partyEncounters.members })
      .from(partyEncounters)
      .where(eq(partyEncounters.encounterId, encounterId));
    return row;
  }

  async findPartyEncounterAt(partyId: string, ordinal: number): Promise<PartyEncounterRecord | undefined> {
    const [row] = await this.db
      .select({ encounterId: partyEncounters.encounterId, partyId: partyEncounters.partyId, ordinal: partyEncounters.ordinal, members: partyEncounters.members })
      .from(partyEncounters)
      .where(and(eq(partyEncounters.partyId, partyId), eq(partyEncounters.ordinal, ordinal)));
    return row;
  }

  async findLatestPartyEncounter(partyId: string): Promise<PartyEncounterRecord | undefined> {
    const [row] = await this.db
      .select({ encounterId: partyEncounters.encounterId, partyId: partyEncounters.partyId, ordinal: partyEncounters.ordinal, members: partyEncounters.members })
      .from(partyEncounters)
      .where(eq(partyEncounters.partyId, partyId))
      .orderBy(desc(partyEncounters.ordinal))
      .limit(1);
    return row;
  }

  async setPartyEncounterLinks(encounterId: string, members: readonly PartySeatLink[]): Promise<void> {
    await this.db.update(partyEncounters).set({ members }).where(eq(partyEncounters.encounterId, encounterId));
  }

  async wasCarriedOver(encounterId: string, fromSeatId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: carriedSeats.fromSeatId })
      .from(carriedSeats)
      .where(and(eq(carriedSeats.encounterId, encounterId), eq(carriedSeats.fromSeatId, fromSeatId)));
    return row !== undefined;
  }

  async markCarriedOver(encounterId: string, fromSeatId: string): Promise<boolean> {
    const inserted = await this.db.insert(carriedSeats).values({ encounterId, fromSeatId }).onConflictDoNothing().returning({ id: carriedSeats.fromSeatId });
    return inserted.length > 0;
  }
}
