import type { FastifyInstance } from 'fastify';
import {
  encounterParamsSchema,
  joinAddressesResponseSchema,
  joinLockRequestSchema,
  joinSettingsResponseSchema,
  listSeatsResponseSchema,
  seatParamsSchema,
  seatRequestParamsSchema,
  spectatorTokenResponseSchema,
  type JoinSettingsResponse,
  emptyBodySchema,
} from '@roundkeeper/protocol';
import { rotateJoinCode } from '../encounters/create-encounter.js';
import type { EncounterRoom } from '../encounters/room.js';
import { GM_ROUTES } from './gm-auth.js';
import { HttpError } from './http-error.js';
import { lanOrigins, portOfHost } from './join-addresses.js';
import { routeGroup } from './route-group.js';

export interface GmRoutesOptions {
  /** Where the server listens (HOST, PORT): which of the machine's addresses phones can reach. */
  readonly listen: { readonly host: string; readonly port: number };
  /** PUBLIC_URL: the address phones use behind a proxy. */
  readonly publicUrl?: string;
}

const HTTP_NO_CONTENT = 204;


/**
 * The GM's control over who may join or watch: lock joining, rotate the code or the overlay link, list and
 * remove seats. Every route is GM_ONLY: gm-auth has checked the token before the handler runs.
 */
export async function gmRoutes(app: FastifyInstance, options: GmRoutesOptions): Promise<void> {
  const route = routeGroup(app, GM_ROUTES);

  async function openRoom(encounterId: string): Promise<EncounterRoom> {
    const room = await app.encounters.open(encounterId);
    if (!room) throw new HttpError('not-found', 'There is no such encounter.');
    return room;
  }

  async function joinSettings(encounterId: string): Promise<JoinSettingsResponse> {
    const record = await app.store.findEncounter(encounterId);
    if (!record) throw new HttpError('not-found', 'There is no such encounter.');
    return { joinCode: record.joinCode, joinLocked: record.joinLocked };
  }

  route({
    method: 'PUT',
    url: '/api/encounters/:encounterId/join-lock',
    schema: {
      summary: 'Close or reopen joining. Existing seats keep working.',
      params: encounterParamsSchema,
      body: joinLockRequestSchema,
      response: { 200: joinSettingsResponseSchema },
      descriptions: { 200: 'How players join now.' },
    },
    handler: async (request) => {
      const room = await openRoom(request.params.encounterId);
      await app.store.setJoinLocked(room.encounterId, request.body.locked);
      return joinSettings(room.encounterId);
    },
  });

  route({
    method: 'GET',
    url: '/api/encounters/:encounterId/join-addresses',
    schema: {
      summary:
        "Where phones can reach this server, for the join link and QR code: PUBLIC_URL when set, and the origins of the machine's network addresses (none when it listens on loopback only).",
      params: encounterParamsSchema,
      response: { 200: joinAddressesResponseSchema },
      descriptions: { 200: 'The join code and lock, the public URL (or null) and the LAN origins, home networks first.' },
    },
    handler: async (request) => {
      const room = await openRoom(request.params.encounterId);
      const port = portOfHost(request.headers.host, options.listen.port);
      return { ...(await joinSettings(room.encounterId)), publicUrl: options.publicUrl ?? null, lanOrigins: lanOrigins(options.listen.host, request.protocol, port) };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/encounters/:encounterId/seat-requests/:combatantId',
    schema: {
      summary: "Dismiss a player's request to free a character's seat without freeing it.",
      params: seatRequestParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Dismissed (or there was none).' },
    },
    handler: async (request, reply) => {
      const room = await openRoom(request.params.encounterId);
      app.access.dismissSeatRequest(room.encounterId, request.params.combatantId);
      app.realtime.presence.send(room.encounterId);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });

  route({
    method: 'POST',
    url: '/api/encounters/:encounterId/join-code',
    schema: {
      summary: 'Replace the join code (e.g. after it leaked on stream). The old code stops working; seats keep working.',
      body: emptyBodySchema,
      params: encounterParamsSchema,
      response: { 200: joinSettingsResponseSchema },
      descriptions: { 200: 'How players join now.' },
    },
    handler: async (request) => {
      const room = await openRoom(request.params.encounterId);
      await rotateJoinCode(app.store, room.encounterId);
      return joinSettings(room.encounterId);
    },
  });

  route({
    method: 'POST',
    url: '/api/encounters/:encounterId/spectator-token',
    schema: {
      summary:
        "Replace the spectator token (the overlay link), e.g. for a console on another laptop: only its hash is stored, so it cannot be shown again. The old token stops working; overlays using it get 'removed' and are disconnected.",
      body: emptyBodySchema,
      params: encounterParamsSchema,
      response: { 200: spectatorTokenResponseSchema },
      descriptions: { 200: 'The new spectator token, shown once.' },
    },
    handler: async (request) => {
      const room = await openRoom(request.params.encounterId);
      return { spectatorToken: await app.access.replaceSpectatorToken(room.encounterId) };
    },
  });

  route({
    method: 'GET',
    url: '/api/encounters/:encounterId/seats',
    schema: {
      summary: 'List the seats players have taken.',
      params: encounterParamsSchema,
      response: { 200: listSeatsResponseSchema },
      descriptions: { 200: 'The seats, oldest first.' },
    },
    handler: async (request) => {
      const room = await openRoom(request.params.encounterId);
      const seats = await app.access.listSeats(room.encounterId);
      return { seats: seats.map((s) => ({ seatId: s.id, combatantIds: [s.combatantId], createdAt: s.createdAt.toISOString() })) };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/encounters/:encounterId/seats/:seatId',
    schema: {
      summary: "Remove a seat: its token stops working and its connected phones get 'removed' and are disconnected. The PC can be taken again.",
      params: seatParamsSchema,
      // 204 has no body, hence no response schema.
      descriptions: { [HTTP_NO_CONTENT]: 'Removed.' },
    },
    handler: async (request, reply) => {
      const room = await openRoom(request.params.encounterId);
      if (!(await app.access.removeSeat(room.encounterId, request.params.seatId))) throw new HttpError('not-found', 'There is no such seat.');
      // A seat whose phone is gone has no socket to disconnect, so nothing else would tell the GM.
      app.realtime.presence.send(room.encounterId);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });
}
