import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBestiaryEntriesRequestSchema,
  addPartyMembersRequestSchema,
  bestiaryEntryParamsSchema,
  bestiaryEntrySchema,
  bestiaryQuerySchema,
  createPartyRequestSchema,
  libraryTokenResponseSchema,
  listBestiaryResponseSchema,
  listPartiesResponseSchema,
  MAX_BESTIARY_ENTRIES,
  MAX_CREATURE_ADD_BYTES,
  MAX_IMPORT_BYTES,
  MAX_PARTIES,
  MAX_PARTY_MEMBERS,
  partyMemberParamsSchema,
  partyParamsSchema,
  partySchema,
  renamePartyRequestSchema,
  startPartyEncounterRequestSchema,
  startPartyEncounterResponseSchema,
  updateBestiaryEntryRequestSchema,
  updatePartyMemberRequestSchema,
  type BestiaryEntry,
  type Creature,
  type ErrorCode,
  type Party,
  emptyBodySchema,
} from '@roundkeeper/protocol';
import type { SystemId } from '@roundkeeper/rules';
import { newId, newToken, sha256Hex } from '../auth/secrets.js';
import type { RateLimit } from '../http/client-limits.js';
import { newEncounterClientLimit } from '../http/encounter-routes.js';
import { HttpError } from '../http/http-error.js';
import { creatureProblem } from './creature-check.js';
import { LIBRARY_ONLY, requireLibraryToken } from './library-auth.js';
import type { BestiaryRecord, PartyRecord } from './library-store.js';
import type { SeatOfferNotifier } from './seat-offers.js';
import { startFromParty } from './start-from-party.js';

const HTTP_CREATED = 201;
const HTTP_NO_CONTENT = 204;
const REFUSALS: readonly ErrorCode[] = ['bad-request', 'unauthorized', 'not-found'];
const NO_PARTY = 'There is no such party in this library.';
const NO_MEMBER = 'There is no such member in this library.';
const NO_ENTRY = 'There is no such bestiary entry.';

const partyOf = (p: PartyRecord): Party => ({
  partyId: p.id,
  name: p.name,
  system: p.system,
  createdAt: p.createdAt.toISOString(),
  members: p.members.map((m) => ({ memberId: m.id, creature: m.creature })),
});

const entryOf = (e: BestiaryRecord): BestiaryEntry => ({ entryId: e.id, system: e.system, createdAt: e.createdAt.toISOString(), creature: e.creature });

/** Refuses, changing nothing, creatures the system's rules would refuse in an encounter. */
function checkCreatures(system: SystemId, creatures: readonly Creature[], path?: string): void {
  const problem = creatureProblem(system, creatures, path);
  if (problem !== undefined) throw new HttpError('bad-request', problem);
}

/**
 * What a library read or write found, or the route's 404. The store answers `undefined` (a read) or
 * `false` (a write that matched no row) alike for "not in this library" and "in no library", so another
 * GM's ids are indistinguishable from made-up ones.
 */
async function orNotFound<T>(lookup: Promise<T | undefined | false>, message: string): Promise<T> {
  const found = await lookup;
  if (found === undefined || found === false) throw new HttpError('not-found', message);
  return found;
}

/**
 * The GM's library: parties of PCs and a bestiary, kept between encounters, and starting an encounter
 * from them. Opened by a library token (library-auth.ts); every route but the one that makes a library
 * is LIBRARY_ONLY. Each creature is checked by its system's rules as it is kept, so starting an
 * encounter from the library does not fail on it later.
 */
export async function libraryRoutes(app: FastifyInstance, options: { notifier: SeatOfferNotifier; rateLimit?: RateLimit }): Promise<void> {
  // A library and an encounter started from a party count against the client's new-encounter budget:
  // neither may be made by the hundred from one address.
  const newEncounterLimit = newEncounterClientLimit(app, options.rateLimit);
  requireLibraryToken(app, (tokenHash) => app.library.findLibraryId(tokenHash));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { library } = app;

  const partyIn = (libraryId: string, partyId: string): Promise<PartyRecord> => orNotFound(library.findParty(libraryId, partyId), NO_PARTY);
  const entryIn = (libraryId: string, entryId: string): Promise<BestiaryRecord> =>
    orNotFound(library.findBestiaryEntries(libraryId, [entryId]).then(([entry]) => entry), NO_ENTRY);

  api.route({
    method: 'POST',
    url: '/api/library',
    onRequest: newEncounterLimit,
    schema: {
      summary: "Make a GM library (parties and a bestiary). Returns its token once; the console keeps it like its encounters' GM tokens.",
      body: emptyBodySchema,
      response: { [HTTP_CREATED]: libraryTokenResponseSchema },
      descriptions: { [HTTP_CREATED]: 'Made.' },
      refusals: ['bad-request', 'rate-limited'],
    },
    handler: async (_request, reply) => {
      const libraryToken = newToken();
      await library.createLibrary(newId(), sha256Hex(libraryToken));
      return reply.status(HTTP_CREATED).send({ libraryToken });
    },
  });

  api.route({
    method: 'GET',
    url: '/api/library/parties',
    schema: {
      summary: 'List the parties, oldest first, each with its members.',
      security: LIBRARY_ONLY,
      response: { 200: listPartiesResponseSchema },
      descriptions: { 200: 'The parties.' },
      refusals: ['unauthorized'],
    },
    handler: async (request) => ({ parties: (await library.listParties(request.libraryId)).map(partyOf) }),
  });

  api.route({
    method: 'POST',
    url: '/api/library/parties',
    schema: {
      summary: `Make a party of one system, with its PCs if given. At most ${MAX_PARTIES} parties per library.`,
      security: LIBRARY_ONLY,
      body: createPartyRequestSchema,
      response: { [HTTP_CREATED]: partySchema },
      descriptions: { [HTTP_CREATED]: 'The new party.' },
      refusals: ['bad-request', 'unauthorized'],
    },
    handler: async (request, reply) => {
      const { name, system, members = [] } = request.body;
      checkCreatures(system, members, 'members');
      if ((await library.countParties(request.libraryId)) >= MAX_PARTIES) {
        throw new HttpError('bad-request', `A library keeps at most ${MAX_PARTIES} parties; delete one first.`);
      }
      const partyId = newId();
      await library.createParty(request.libraryId, { id: partyId, name, system, members: members.map((creature) => ({ id: newId(), creature })) });
      return reply.status(HTTP_CREATED).send(partyOf(await partyIn(request.libraryId, partyId)));
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/library/parties/:partyId',
    schema: {
      summary: 'Rename a party.',
      security: LIBRARY_ONLY,
      params: partyParamsSchema,
      body: renamePartyRequestSchema,
      response: { 200: partySchema },
      descriptions: { 200: 'The party.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params, body }) => {
      await orNotFound(library.renameParty(libraryId, params.partyId, body.name), NO_PARTY);
      return partyOf(await partyIn(libraryId, params.partyId));
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/library/parties/:partyId',
    schema: {
      summary: 'Delete a party and its members. Encounters started from it stay; their seats are no longer offered onward.',
      security: LIBRARY_ONLY,
      params: partyParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Deleted.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params }, reply) => {
      await orNotFound(library.deleteParty(libraryId, params.partyId), NO_PARTY);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });

  api.route({
    method: 'POST',
    url: '/api/library/parties/:partyId/members',
    bodyLimit: MAX_IMPORT_BYTES,
    schema: {
      summary: `Add PCs to a party (all or none), each checked by the party's system. At most ${MAX_PARTY_MEMBERS} members.`,
      security: LIBRARY_ONLY,
      params: partyParamsSchema,
      body: addPartyMembersRequestSchema,
      response: { 200: partySchema },
      descriptions: { 200: 'The party with its new members.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params, body: { creatures } }) => {
      const party = await partyIn(libraryId, params.partyId);
      checkCreatures(party.system, creatures);
      if (party.members.length + creatures.length > MAX_PARTY_MEMBERS) {
        throw new HttpError('bad-request', `A party has at most ${MAX_PARTY_MEMBERS} members; ${party.name} has ${party.members.length}.`);
      }
      await library.addPartyMembers(libraryId, party.id, creatures.map((creature) => ({ id: newId(), creature })));
      return partyOf(await partyIn(libraryId, party.id));
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/library/parties/:partyId/members/:memberId',
    schema: {
      summary: "Replace a PC's name, stats, health or note.",
      security: LIBRARY_ONLY,
      params: partyMemberParamsSchema,
      body: updatePartyMemberRequestSchema,
      response: { 200: partySchema },
      descriptions: { 200: 'The party.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params: { partyId, memberId }, body: { creature } }) => {
      const party = await partyIn(libraryId, partyId);
      checkCreatures(party.system, [creature], 'creature');
      await orNotFound(library.updatePartyMember(libraryId, partyId, memberId, creature), `${party.name} has no such member.`);
      return partyOf(await partyIn(libraryId, partyId));
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/library/parties/:partyId/members/:memberId',
    schema: {
      summary: 'Remove a PC from a party.',
      security: LIBRARY_ONLY,
      params: partyMemberParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Removed.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params: { partyId, memberId } }, reply) => {
      await orNotFound(library.removePartyMember(libraryId, partyId, memberId), NO_MEMBER);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });

  api.route({
    method: 'GET',
    url: '/api/library/bestiary',
    schema: {
      summary: "List the bestiary in the order entries were added: one system's (`?system=`) or all.",
      security: LIBRARY_ONLY,
      querystring: bestiaryQuerySchema,
      response: { 200: listBestiaryResponseSchema },
      descriptions: { 200: 'The entries.' },
      refusals: ['bad-request', 'unauthorized'],
    },
    handler: async (request) => ({ entries: (await library.listBestiary(request.libraryId, request.query.system)).map(entryOf) }),
  });

  api.route({
    method: 'POST',
    url: '/api/library/bestiary',
    // The import dialog sends a whole parsed book at once, stat blocks and all.
    bodyLimit: MAX_CREATURE_ADD_BYTES,
    schema: {
      summary: `Add monsters of one system to the bestiary, all or none (what the import dialog calls). At most ${MAX_BESTIARY_ENTRIES} entries per library.`,
      security: LIBRARY_ONLY,
      body: addBestiaryEntriesRequestSchema,
      response: { [HTTP_CREATED]: listBestiaryResponseSchema },
      descriptions: { [HTTP_CREATED]: 'The entries added, in the order sent.' },
      refusals: ['bad-request', 'unauthorized'],
    },
    handler: async (request, reply) => {
      const { system, creatures } = request.body;
      checkCreatures(system, creatures);
      const kept = await library.countBestiary(request.libraryId);
      if (kept + creatures.length > MAX_BESTIARY_ENTRIES) {
        const room = MAX_BESTIARY_ENTRIES - kept;
        throw new HttpError(
          'bad-request',
          `A bestiary keeps at most ${MAX_BESTIARY_ENTRIES} monsters; this one has ${kept}, so ${room === 0 ? 'none' : `only ${room}`} of these ${creatures.length} would fit. Remove some first.`,
        );
      }
      const added = creatures.map((creature) => ({ id: newId(), creature }));
      await library.addBestiaryEntries(request.libraryId, system, added);
      const entries = await library.findBestiaryEntries(request.libraryId, added.map((a) => a.id));
      return reply.status(HTTP_CREATED).send({ entries: entries.map(entryOf) });
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/library/bestiary/:entryId',
    schema: {
      summary: "Replace a bestiary entry's name, side, stats, health or note (its system stays).",
      security: LIBRARY_ONLY,
      params: bestiaryEntryParamsSchema,
      body: updateBestiaryEntryRequestSchema,
      response: { 200: bestiaryEntrySchema },
      descriptions: { 200: 'The entry.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params: { entryId }, body: { creature } }) => {
      const entry = await entryIn(libraryId, entryId);
      checkCreatures(entry.system, [creature], 'creature');
      await orNotFound(library.updateBestiaryEntry(libraryId, entryId, creature), NO_ENTRY);
      return entryOf({ ...entry, creature });
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/library/bestiary/:entryId',
    schema: {
      summary: 'Remove a bestiary entry.',
      security: LIBRARY_ONLY,
      params: bestiaryEntryParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Removed.' },
      refusals: REFUSALS,
    },
    handler: async ({ libraryId, params }, reply) => {
      await orNotFound(library.removeBestiaryEntry(libraryId, params.entryId), NO_ENTRY);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });

  api.route({
    method: 'POST',
    url: '/api/library/parties/:partyId/encounters',
    onRequest: newEncounterLimit,
    schema: {
      summary:
        "Start an encounter from the party and chosen bestiary entries (with counts): created with its roster in one go, as the GM's add-combatant commands. The phones that held the party's PCs in its previous encounter are offered their seats back.",
      security: LIBRARY_ONLY,
      params: partyParamsSchema,
      body: startPartyEncounterRequestSchema,
      response: { [HTTP_CREATED]: startPartyEncounterResponseSchema },
      descriptions: { [HTTP_CREATED]: "Created: the encounter's tokens and join code (once), and how many seats were offered back." },
      refusals: [...REFUSALS, 'rate-limited'],
    },
    handler: async (request, reply) => {
      const result = await startFromParty({ store: app.store, library, notifier: options.notifier }, request.libraryId, request.params.partyId, request.body);
      if (!result.ok) throw new HttpError(result.code, result.message);
      return reply.status(HTTP_CREATED).send({ ...result.created, seatsOffered: result.seatsOffered });
    },
  });
}
