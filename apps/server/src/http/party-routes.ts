import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import {
  addPartyMembersRequestSchema,
  createPartyRequestSchema,
  listPartiesResponseSchema,
  MAX_IMPORT_BYTES,
  MAX_PARTIES,
  MAX_PARTY_MEMBERS,
  partyMemberParamsSchema,
  partyParamsSchema,
  partySchema,
  renamePartyRequestSchema,
  startPartyEncounterRequestSchema,
  startPartyEncounterResponseSchema,
  updatePartyMemberRequestSchema,
} from '@roundkeeper/protocol';
import { newId } from '../auth/secrets.js';
import type { PartyRecord } from '../library/library-store.js';
import type { SeatOfferNotifier } from '../library/seat-offers.js';
import { startFromParty } from '../library/start-from-party.js';
import { HttpError } from './http-error.js';
import { checkCreatures, HTTP_CREATED, HTTP_NO_CONTENT, LIBRARY_ROUTES, NAMED_REFUSALS, orNotFound, partyOf } from './library-answers.js';
import { routeGroup } from './route-group.js';

const NO_PARTY = 'There is no such party in this library.';
const NO_MEMBER = 'There is no such member in this library.';

export interface PartyRoutesOptions {
  /** Tells the phones of a party's previous encounter that their PCs' seats wait in the new one. */
  readonly notifier: SeatOfferNotifier;
  /** The client's budget of new encounters, which starting one from a party spends. */
  readonly newEncounterLimit: onRequestHookHandler;
}

/** Parties of PCs, their members, and starting an encounter from a party. */
export async function partyRoutes(app: FastifyInstance, options: PartyRoutesOptions): Promise<void> {
  const route = routeGroup(app, LIBRARY_ROUTES);
  const { library } = app;
  const partyIn = (libraryId: string, partyId: string): Promise<PartyRecord> => orNotFound(library.findParty(libraryId, partyId), NO_PARTY);

  route({
    method: 'GET',
    url: '/api/library/parties',
    schema: {
      summary: 'List the parties, oldest first, each with its members.',
      response: { 200: listPartiesResponseSchema },
      descriptions: { 200: 'The parties.' },
    },
    handler: async (request) => ({ parties: (await library.listParties(request.libraryId)).map(partyOf) }),
  });

  route({
    method: 'POST',
    url: '/api/library/parties',
    schema: {
      summary: `Make a party of one system, with its PCs if given. At most ${MAX_PARTIES} parties per library.`,
      body: createPartyRequestSchema,
      response: { [HTTP_CREATED]: partySchema },
      descriptions: { [HTTP_CREATED]: 'The new party.' },
      refusals: ['bad-request'],
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

  route({
    method: 'PUT',
    url: '/api/library/parties/:partyId',
    schema: {
      summary: 'Rename a party.',
      params: partyParamsSchema,
      body: renamePartyRequestSchema,
      response: { 200: partySchema },
      descriptions: { 200: 'The party.' },
      refusals: NAMED_REFUSALS,
    },
    handler: async ({ libraryId, params, body }) => {
      await orNotFound(library.renameParty(libraryId, params.partyId, body.name), NO_PARTY);
      return partyOf(await partyIn(libraryId, params.partyId));
    },
  });

  route({
    method: 'DELETE',
    url: '/api/library/parties/:partyId',
    schema: {
      summary: 'Delete a party and its members. Encounters started from it stay; their seats are no longer offered onward.',
      params: partyParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Deleted.' },
      refusals: NAMED_REFUSALS,
    },
    handler: async ({ libraryId, params }, reply) => {
      await orNotFound(library.deleteParty(libraryId, params.partyId), NO_PARTY);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });

  route({
    method: 'POST',
    url: '/api/library/parties/:partyId/members',
    bodyLimit: MAX_IMPORT_BYTES,
    schema: {
      summary: `Add PCs to a party (all or none), each checked by the party's system. At most ${MAX_PARTY_MEMBERS} members.`,
      params: partyParamsSchema,
      body: addPartyMembersRequestSchema,
      response: { 200: partySchema },
      descriptions: { 200: 'The party with its new members.' },
      refusals: NAMED_REFUSALS,
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

  route({
    method: 'PUT',
    url: '/api/library/parties/:partyId/members/:memberId',
    schema: {
      summary: "Replace a PC's name, stats, health or note.",
      params: partyMemberParamsSchema,
      body: updatePartyMemberRequestSchema,
      response: { 200: partySchema },
      descriptions: { 200: 'The party.' },
      refusals: NAMED_REFUSALS,
    },
    handler: async ({ libraryId, params: { partyId, memberId }, body: { creature } }) => {
      const party = await partyIn(libraryId, partyId);
      checkCreatures(party.system, [creature], 'creature');
      await orNotFound(library.updatePartyMember(libraryId, partyId, memberId, creature), `${party.name} has no such member.`);
      return partyOf(await partyIn(libraryId, partyId));
    },
  });

  route({
    method: 'DELETE',
    url: '/api/library/parties/:partyId/members/:memberId',
    schema: {
      summary: 'Remove a PC from a party.',
      params: partyMemberParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Removed.' },
      refusals: NAMED_REFUSALS,
    },
    handler: async ({ libraryId, params: { partyId, memberId } }, reply) => {
      await orNotFound(library.removePartyMember(libraryId, partyId, memberId), NO_MEMBER);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });

  route({
    method: 'POST',
    url: '/api/library/parties/:partyId/encounters',
    onRequest: options.newEncounterLimit,
    schema: {
      summary:
        "Start an encounter from the party and chosen bestiary entries (with counts): created with its roster in one go, as the GM's add-combatant commands. The phones that held the party's PCs in its previous encounter are offered their seats back.",
      params: partyParamsSchema,
      body: startPartyEncounterRequestSchema,
      response: { [HTTP_CREATED]: startPartyEncounterResponseSchema },
      descriptions: { [HTTP_CREATED]: "Created: the encounter's tokens and join code (once), and how many seats were offered back." },
      refusals: [...NAMED_REFUSALS, 'rate-limited'],
    },
    handler: async (request, reply) => {
      const result = await startFromParty({ store: app.store, access: app.access, library, notifier: options.notifier, encounters: app.encounters }, request.libraryId, request.params.partyId, request.body);
      if (!result.ok) throw new HttpError(result.code, result.message);
      return reply.status(HTTP_CREATED).send({ ...result.created, seatsOffered: result.seatsOffered });
    },
  });
}
