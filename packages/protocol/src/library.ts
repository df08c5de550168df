import { z } from 'zod';
import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { REST_PARTS } from '@roundkeeper/rules/core';
import { creatureSchema } from './creature.js';
import { createEncounterResponseSchema, takeSeatResponseSchema } from './http.js';
import {
  MAX_CREATURES_PER_ADD,
  MAX_ENCOUNTER_MONSTERS,
  MAX_GROUP_SIZE,
  MAX_NAME_LENGTH,
  MAX_PARTY_MEMBERS,
  MAX_TOKEN_LENGTH,
} from './limits.js';
import { text } from './text.js';
import { idSchema as id } from './id.js';

// HTTP bodies of the GM's library: parties and a bestiary kept between encounters. GMs have no accounts:
// a library is made by POST /api/library and opened by its own token (`Authorization: Bearer
// <libraryToken>`), which the console keeps like the GM tokens of its encounters (docs/architecture.md).

const name = text().trim().min(1).max(MAX_NAME_LENGTH);
const system = z.enum(SYSTEM_IDS);
const isoDate = text().meta({ description: 'ISO 8601' });

/** A party's member is a player character: the seats of a new encounter are offered for them. */
export const partyMemberCreatureSchema = creatureSchema.extend({ side: z.literal('pc') });
/** A bestiary entry is a monster or an NPC; PCs belong in a party. */
export const bestiaryCreatureSchema = creatureSchema.extend({ side: z.enum(['enemy', 'npc']) });

export const libraryTokenResponseSchema = z.object({
  libraryToken: text().meta({ description: 'Secret; shown once. Whoever holds it reads and changes the library.' }),
});
export type LibraryTokenResponse = z.infer<typeof libraryTokenResponseSchema>;

export const partyParamsSchema = z.strictObject({ partyId: id });
export const partyMemberParamsSchema = z.strictObject({ partyId: id, memberId: id });
export const bestiaryEntryParamsSchema = z.strictObject({ entryId: id });

export const partyMemberSchema = z.object({ memberId: text(), creature: creatureSchema });
export type PartyMember = z.infer<typeof partyMemberSchema>;

export const partySchema = z.object({
  partyId: text(),
  name: text(),
  system,
  createdAt: isoDate,
  /** In the order they were added: the order of the roster an encounter starts with. */
  members: z.array(partyMemberSchema),
});
export type Party = z.infer<typeof partySchema>;

export const listPartiesResponseSchema = z.object({ parties: z.array(partySchema) });
export type ListPartiesResponse = z.infer<typeof listPartiesResponseSchema>;

export const createPartyRequestSchema = z.strictObject({
  name,
  system,
  members: z.array(partyMemberCreatureSchema).max(MAX_PARTY_MEMBERS).optional(),
});
export type CreatePartyRequest = z.infer<typeof createPartyRequestSchema>;

export const renamePartyRequestSchema = z.strictObject({ name });
export type RenamePartyRequest = z.infer<typeof renamePartyRequestSchema>;

export const addPartyMembersRequestSchema = z.strictObject({
  creatures: z
    .array(partyMemberCreatureSchema)
    .min(1, 'Choose at least one character.')
    .max(MAX_PARTY_MEMBERS, `A party has at most ${MAX_PARTY_MEMBERS} members.`),
});
export type AddPartyMembersRequest = z.infer<typeof addPartyMembersRequestSchema>;

export const updatePartyMemberRequestSchema = z.strictObject({ creature: partyMemberCreatureSchema });
export type UpdatePartyMemberRequest = z.infer<typeof updatePartyMemberRequestSchema>;

export const bestiaryEntrySchema = z.object({ entryId: text(), system, createdAt: isoDate, creature: creatureSchema });
export type BestiaryEntry = z.infer<typeof bestiaryEntrySchema>;

export const bestiaryQuerySchema = z.strictObject({ system: system.optional() });
export type BestiaryQuery = z.infer<typeof bestiaryQuerySchema>;

export const listBestiaryResponseSchema = z.object({ entries: z.array(bestiaryEntrySchema) });
export type ListBestiaryResponse = z.infer<typeof listBestiaryResponseSchema>;

/** Many at once: what the import dialog sends after parsing a file. All are added, or none. */
export const addBestiaryEntriesRequestSchema = z.strictObject({
  system,
  creatures: z
    .array(bestiaryCreatureSchema)
    .min(1, 'Choose at least one monster.')
    .max(MAX_CREATURES_PER_ADD, `At most ${MAX_CREATURES_PER_ADD} monsters can be added at once; add the rest in another step.`),
});
export type AddBestiaryEntriesRequest = z.infer<typeof addBestiaryEntriesRequestSchema>;

export const updateBestiaryEntryRequestSchema = z.strictObject({ creature: bestiaryCreatureSchema });
export type UpdateBestiaryEntryRequest = z.infer<typeof updateBestiaryEntryRequestSchema>;

export const monsterChoiceSchema = z.strictObject({
  entryId: id,
  count: z.number().int().min(1).max(MAX_GROUP_SIZE),
  /** Added hidden from the players and the overlay (an ambush revealed later). */
  hidden: z.boolean().optional(),
});
export type MonsterChoice = z.infer<typeof monsterChoiceSchema>;

export const startPartyEncounterRequestSchema = z.strictObject({
  name,
  /** Which members take part (all when absent), in the party's order. */
  memberIds: z.array(id).max(MAX_PARTY_MEMBERS).optional(),
  monsters: z.array(monsterChoiceSchema).max(MAX_ENCOUNTER_MONSTERS),
  /**
   * Carry the PCs' health (and lasting conditions) from the party's last encounter, less what these
   * restore (a rest); absent: they start at full health.
   */
  carryRestores: z.array(z.enum(REST_PARTS)).max(REST_PARTS.length).optional(),
});
export type StartPartyEncounterRequest = z.infer<typeof startPartyEncounterRequestSchema>;

export const startPartyEncounterResponseSchema = createEncounterResponseSchema.extend({
  /** How many phones of the party's previous encounter were offered their seat back (connected ones hear it at once). */
  seatsOffered: z.number().int(),
});
export type StartPartyEncounterResponse = z.infer<typeof startPartyEncounterResponseSchema>;

/**
 * A seat in the party's next encounter, offered to the phone that held the same PC in the one before.
 * Sent to that seat's sockets as `seat-offer`, and answered by the carry-over lookup.
 */
export const seatOfferSchema = z.object({
  /** The next encounter. */
  encounterId: text(),
  encounterName: text(),
  system,
  combatantId: text(),
  combatantName: text(),
});
export type SeatOffer = z.infer<typeof seatOfferSchema>;

/** The phone proves it held the PC's seat in the party's previous encounter with that seat's token. */
export const carryOverRequestSchema = z.strictObject({
  encounterId: id,
  seatToken: text().min(1).max(MAX_TOKEN_LENGTH),
});
export type CarryOverRequest = z.infer<typeof carryOverRequestSchema>;

export const carryOverLookupResponseSchema = z.object({ offer: seatOfferSchema.nullable() });
export type CarryOverLookupResponse = z.infer<typeof carryOverLookupResponseSchema>;

/** Claiming the offer answers like taking a seat; claiming again with the same old token gives the same seat. */
export const carryOverResponseSchema = takeSeatResponseSchema;
export type CarryOverResponse = z.infer<typeof carryOverResponseSchema>;


/** The encounter whose table the console keeps: its id and its GM token (the console holds both). */
const tableOfEncounter = { encounterId: id, gmToken: text().min(1).max(MAX_TOKEN_LENGTH) };

/**
 * "Keep this party": the encounter's PCs (name, stats, health maximum, and which seat held each) saved as
 * a party in the library, or the party it came from updated.
 */
export const keepPartyRequestSchema = z.strictObject({
  ...tableOfEncounter,
  /** A new party's name (absent: named after the encounter). An existing party keeps its own. */
  name: name.optional(),
});
export type KeepPartyRequest = z.infer<typeof keepPartyRequestSchema>;

export const keepPartyResponseSchema = z.object({
  party: partySchema,
  /** True when a new party was made; false when the party the encounter came from was updated. */
  created: z.boolean(),
});
export type KeepPartyResponse = z.infer<typeof keepPartyResponseSchema>;

/**
 * "Next fight with the same table", from an ended encounter: its PCs (kept as a party first, as "Keep
 * this party" does) with the health they carry, less what the rest restores, and the chosen monsters.
 */
export const nextFightRequestSchema = z.strictObject({
  ...tableOfEncounter,
  name,
  monsters: z.array(monsterChoiceSchema).max(MAX_ENCOUNTER_MONSTERS),
  /** What the GM's rest restores; empty: no rest, the wounds carry over as they are. */
  restores: z.array(z.enum(REST_PARTS)).max(REST_PARTS.length),
});
export type NextFightRequest = z.infer<typeof nextFightRequestSchema>;

export const nextFightResponseSchema = startPartyEncounterResponseSchema.extend({ partyId: text(), partyName: text() });
export type NextFightResponse = z.infer<typeof nextFightResponseSchema>;
