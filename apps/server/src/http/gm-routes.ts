import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  encounterParamsSchema,
  joinLockRequestSchema,
  joinSettingsResponseSchema,
  listSeatsResponseSchema,
  seatParamsSchema,
  spectatorTokenResponseSchema,
  type JoinSettingsResponse,
  type ListSeatsResponse,
  type SpectatorTokenResponse,
} from '@roundkeeper/protocol';
import { rotateJoinCode } from '../encounters/create-encounter.js';
import type { EncounterRoom } from '../encounters/room.js';
import { documentedRoute } from './api-docs.js';
import { requireGm } from './gm-auth.js';
import { HttpError } from './http-error.js';
import { parseBody } from './parse-body.js';

const HTTP_NO_CONTENT = 204;

const GM_ERRORS = ['bad-request', 'unauthorized', 'forbidden', 'not-found'] as const;

/** The GM's control over who may join or watch: lock joining, rotate the code or the overlay link, list and remove seats. */
export async function gmRoutes(app: FastifyInstance): Promise<void> {
  /** The encounter of the URL, once the request proved to be its GM's. */
  async function gmRoom(request: FastifyRequest): Promise<EncounterRoom> {
    const { encounterId } = parseBody(encounterParamsSchema.loose(), request.params);
    await requireGm(app, request, encounterId);
    const room = await app.encounters.open(encounterId);
    if (!room) throw new HttpError('not-found', 'There is no such encounter.');
    return room;
  }

  async function joinSettings(encounterId: string): Promise<JoinSettingsResponse> {
    const record = await app.store.findEncounter(encounterId);
    if (!record) throw new HttpError('not-found', 'There is no such encounter.');
    return { joinCode: record.joinCode, joinLocked: record.joinLocked };
  }

  documentedRoute(
    app,
    {
      method: 'PUT',
      url: '/api/encounters/:encounterId/join-lock',
      summary: 'Close or reopen joining. Existing seats keep working.',
      gmAuth: true,
      params: encounterParamsSchema,
      body: joinLockRequestSchema,
      success: { status: 200, description: 'How players join now.', schema: joinSettingsResponseSchema },
      errors: GM_ERRORS,
    },
    async (request) => {
      const room = await gmRoom(request);
      const { locked } = parseBody(joinLockRequestSchema, request.body);
      await app.store.setJoinLocked(room.encounterId, locked);
      return joinSettings(room.encounterId);
    },
  );

  documentedRoute(
    app,
    {
      method: 'POST',
      url: '/api/encounters/:encounterId/join-code',
      summary: 'Replace the join code (e.g. after it leaked on stream). The old code stops working; seats keep working.',
      gmAuth: true,
      params: encounterParamsSchema,
      success: { status: 200, description: 'How players join now.', schema: joinSettingsResponseSchema },
      errors: GM_ERRORS,
    },
    async (request) => {
      const room = await gmRoom(request);
      await rotateJoinCode(app.store, room.encounterId);
      return joinSettings(room.encounterId);
    },
  );

  documentedRoute(
    app,
    {
      method: 'POST',
      url: '/api/encounters/:encounterId/spectator-token',
      summary:
        "Replace the spectator token (the overlay link), e.g. for a console on another laptop: only its hash is stored, so it cannot be shown again. The old token stops working; overlays using it get 'removed' and are disconnected.",
      gmAuth: true,
      params: encounterParamsSchema,
      success: { status: 200, description: 'The new spectator token, shown once.', schema: spectatorTokenResponseSchema },
      errors: GM_ERRORS,
    },
    async (request): Promise<SpectatorTokenResponse> => {
      const room = await gmRoom(request);
      return { spectatorToken: await app.access.replaceSpectatorToken(room.encounterId) };
    },
  );

  documentedRoute(
    app,
    {
      method: 'GET',
      url: '/api/encounters/:encounterId/seats',
      summary: 'List the seats players have taken.',
      gmAuth: true,
      params: encounterParamsSchema,
      success: { status: 200, description: 'The seats, oldest first.', schema: listSeatsResponseSchema },
      errors: GM_ERRORS,
    },
    async (request): Promise<ListSeatsResponse> => {
      const room = await gmRoom(request);
      const seats = await app.access.listSeats(room.encounterId);
      return { seats: seats.map((s) => ({ seatId: s.id, combatantIds: [s.combatantId], createdAt: s.createdAt.toISOString() })) };
    },
  );

  documentedRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/encounters/:encounterId/seats/:seatId',
      summary: "Remove a seat: its token stops working and its connected phones get 'removed' and are disconnected. The PC can be taken again.",
      gmAuth: true,
      params: seatParamsSchema,
      success: { status: HTTP_NO_CONTENT, description: 'Removed.' },
      errors: GM_ERRORS,
    },
    async (request, reply) => {
      const { seatId } = parseBody(seatParamsSchema, request.params);
      const room = await gmRoom(request);
      if (!(await app.access.removeSeat(room.encounterId, seatId))) throw new HttpError('not-found', 'There is no such seat.');
      return reply.status(HTTP_NO_CONTENT).send();
    },
  );
}
