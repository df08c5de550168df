import type { CreateEncounterResponse, LookupJoinResponse, TakeSeatResponse } from '@roundkeeper/protocol';
import { expect } from 'vitest';
import { postJson } from './test-server.js';

export async function createEncounterOver(url: string, name = 'Goblin ambush'): Promise<CreateEncounterResponse> {
  const { status, body } = await postJson(`${url}/api/encounters`, { name, system: 'dnd5e' });
  expect(status).toBe(201);
  return body as CreateEncounterResponse;
}

export async function lookup(url: string, joinCode: string): Promise<LookupJoinResponse> {
  const { status, body } = await postJson(`${url}/api/join/lookup`, { joinCode });
  expect(status).toBe(200);
  return body as LookupJoinResponse;
}

export async function takeSeat(url: string, joinCode: string, combatantId: string): Promise<TakeSeatResponse> {
  const { status, body } = await postJson(`${url}/api/join/seat`, { joinCode, combatantId });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as TakeSeatResponse;
}
