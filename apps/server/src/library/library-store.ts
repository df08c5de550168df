import type { Creature } from '@roundkeeper/protocol';
import type { SystemId } from '@roundkeeper/rules';

// The library's storage port: parties, their members, the bestiary, and which encounters were started
// from which party. One drizzle implementation serves PGlite and PostgreSQL; test/library-store.test.ts
// runs the same contract on both. Every read and write names the library, so one GM's token never
// reaches another's rows.

export interface PartyMemberRecord {
  readonly id: string;
  readonly creature: Creature;
}

export interface PartyRecord {
  readonly id: string;
  readonly libraryId: string;
  readonly name: string;
  readonly system: SystemId;
  readonly createdAt: Date;
  /** In the order they were added. */
  readonly members: readonly PartyMemberRecord[];
}

export interface BestiaryRecord {
  readonly id: string;
  readonly system: SystemId;
  readonly creature: Creature;
  readonly createdAt: Date;
}

export interface PartySeatLink {
  readonly memberId: string;
  readonly combatantId: string;
}

/** An encounter started from a party; `ordinal` counts the party's encounters from 1. */
export interface PartyEncounterRecord {
  readonly encounterId: string;
  readonly partyId: string;
  readonly ordinal: number;
  readonly members: readonly PartySeatLink[];
}

export interface NewParty {
  readonly id: string;
  readonly name: string;
  readonly system: SystemId;
  readonly members: readonly PartyMemberRecord[];
}

export interface LibraryStore {
  createLibrary(id: string, tokenHash: string): Promise<void>;
  /** The library this token hash opens, if any. */
  findLibraryId(tokenHash: string): Promise<string | undefined>;
  /** Oldest first. */
  listParties(libraryId: string): Promise<readonly PartyRecord[]>;
  countParties(libraryId: string): Promise<number>;
  findParty(libraryId: string, partyId: string): Promise<PartyRecord | undefined>;
  /** Writes the party and its members together. */
  createParty(libraryId: string, party: NewParty): Promise<void>;
  renameParty(libraryId: string, partyId: string, name: string): Promise<boolean>;
  /** Members go with it, and the links of its encounters (the encounters themselves stay). */
  deleteParty(libraryId: string, partyId: string): Promise<boolean>;
  /** False when the library has no such party; nothing is written then. */
  addPartyMembers(libraryId: string, partyId: string, members: readonly PartyMemberRecord[]): Promise<boolean>;
  updatePartyMember(libraryId: string, partyId: string, memberId: string, creature: Creature): Promise<boolean>;
  removePartyMember(libraryId: string, partyId: string, memberId: string): Promise<boolean>;
  /** In the order they were added; one system's or all. */
  listBestiary(libraryId: string, system?: SystemId): Promise<readonly BestiaryRecord[]>;
  countBestiary(libraryId: string): Promise<number>;
  /** Those of `ids` that are in this library (in the order added). */
  findBestiaryEntries(libraryId: string, ids: readonly string[]): Promise<readonly BestiaryRecord[]>;
  /** All in one statement: all are added or none. */
  addBestiaryEntries(libraryId: string, system: SystemId, entries: readonly PartyMemberRecord[]): Promise<void>;
  updateBestiaryEntry(libraryId: string, entryId: string, creature: Creature): Promise<boolean>;
  removeBestiaryEntry(libraryId: string, entryId: string): Promise<boolean>;
  /** Records the encounter as the party's next one and returns its ordinal. */
  linkPartyEncounter(partyId: string, encounterId: string, members: readonly PartySeatLink[]): Promise<number>;
  findPartyEncounter(encounterId: string): Promise<PartyEncounterRecord | undefined>;
  /** The party's encounter with the given ordinal. */
  findPartyEncounterAt(partyId: string, ordinal: number): Promise<PartyEncounterRecord | undefined>;
  /** The party's latest encounter, if it has any. */
  findLatestPartyEncounter(partyId: string): Promise<PartyEncounterRecord | undefined>;
  /** Replaces which member became which combatant in `encounterId` (PCs kept into the party after it started). */
  setPartyEncounterLinks(encounterId: string, members: readonly PartySeatLink[]): Promise<void>;
  /** Whether the seat `fromSeatId` was already carried over into `encounterId`. */
  wasCarriedOver(encounterId: string, fromSeatId: string): Promise<boolean>;
  /** Records the carry-over; false when it was recorded before. */
  markCarriedOver(encounterId: string, fromSeatId: string): Promise<boolean>;
}
