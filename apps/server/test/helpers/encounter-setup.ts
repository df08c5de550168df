import type { CreateEncounterResponse, LookupJoinResponse, StatBlock, TakeSeatResponse } from '@roundkeeper/protocol';
import { expect } from 'vitest';
import { authFor, connectClient, type TestClient } from './test-client.js';
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

export interface Table {
  readonly created: CreateEncounterResponse;
  readonly gm: TestClient;
  /** Combatant ids by name. */
  readonly ids: Readonly<Record<string, string>>;
}

/** Creates an encounter and has its GM add these combatants, one command each; the GM stays connected. */
export async function setUpTable(
  url: string,
  combatants: readonly { name: string; side: 'pc' | 'enemy'; hidden?: boolean; note?: string; statBlock?: StatBlock }[],
): Promise<Table> {
  const created = await createEncounterOver(url);
  const gm = await connectClient(url, authFor(created.encounterId, created.gmToken));
  const ids: Record<string, string> = {};
  for (const c of combatants) {
    const ack = await gm.command({ type: 'add-combatant', combatant: { stats: { dex: 12 }, ...c } });
    if (!ack.ok) throw new Error(`add ${c.name}: ${ack.code}`);
    const view = await gm.waitForVersion(ack.version);
    const id = view.view.combatants.find((x) => x.name === c.name)?.id;
    if (!id) throw new Error(`${c.name} missing from the GM view`);
    ids[c.name] = id;
  }
  return { created, gm, ids };
}
