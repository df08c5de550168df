import type { FastifyInstance } from 'fastify';
import {
  lookupJoinRequestSchema,
  takeSeatRequestSchema,
  type LookupJoinResponse,
  type TakeSeatResponse,
} from '@roundkeeper/protocol';
import type { EncounterRoom } from '../encounters/room.js';
import { HttpError } from './http-error.js';
import { parseBody } from './parse-body.js';

/** Players join with the short code: see the seats, then take one and receive its token. */
export async function joinRoutes(app: FastifyInstance): Promise<void> {
  async function roomOfCode(joinCode: string): Promise<EncounterRoom> {
    const record = await app.store.findByJoinCode(joinCode);
    const room = record && (await app.encounters.open(record.id));
    if (!room) throw new HttpError('not-found', `No encounter has the join code ${joinCode}; check it with your GM.`);
    return room;
  }

  app.post('/api/join/lookup', async (request): Promise<LookupJoinResponse> => {
    const { joinCode } = parseBody(lookupJoinRequestSchema, request.body);
    const room = await roomOfCode(joinCode);
    return room.read(({ state, seats }) => ({
      encounterId: state.id,
      name: state.name,
      system: state.system,
      // Hidden PCs are not offered: the players must not learn of them from the join page.
      seats: state.combatants
        .filter((c) => c.side === 'pc' && !c.hidden)
        .map((c) => ({ combatantId: c.id, name: c.name, taken: seats.some((s) => s.combatantId === c.id) })),
    }));
  });

  app.post('/api/join/seat', async (request): Promise<TakeSeatResponse> => {
    const { joinCode, combatantId } = parseBody(takeSeatRequestSchema, request.body);
    const room = await roomOfCode(joinCode);
    const result = await room.takeSeat(combatantId);
    if (!result.ok) throw new HttpError(result.code, result.message);
    return { encounterId: room.encounterId, seatToken: result.seatToken, combatantIds: result.combatantIds };
  });
}
