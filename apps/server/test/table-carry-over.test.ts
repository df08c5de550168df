import { afterAll, describe, expect, it } from 'vitest';
import type { BestiaryEntry, KeepPartyResponse, NextFightResponse, SeatOffer, TakeSeatResponse } from '@roundkeeper/protocol';
import type { Command, HealthView, RestPart } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { lookup, takeSeat } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// The table carries over between fights (issue 29): an ad-hoc encounter kept as a party, the next fight
// started from it with each PC's health carried (or restored by a rest), and the phones that held the
// PCs' seats offered them, all over real sockets against a real server.

const OFFER_TIMEOUT_MS = 10_000;

/** A phone on a seat, recording the seat offers it hears. */
async function phoneOn(url: string, encounterId: string, seatToken: string, clients: TestClient[]) {
  const client = await connectClient(url, authFor(encounterId, seatToken));
  clients.push(client);
  const offers: SeatOffer[] = [];
  const next = new Promise<SeatOffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no seat offer arrived')), OFFER_TIMEOUT_MS);
    client.socket.on('seat-offer', (offer: SeatOffer) => {
      offers.push(offer);
      clearTimeout(timer);
      resolve(offer);
    });
  });
  // Nobody waits on a phone that is never offered anything: that rejection is the test's to read, not unhandled.
  next.catch(() => {});
  return { encounterId, seatToken, client, offers, next };
}

const healthOf = (view: { combatants: readonly { name: string; health?: HealthView }[] }, name: string) => {
  const h = view.combatants.find((c) => c.name === name)?.health;
  return h?.shown === 'numbers' ? h.health : undefined;
};

describe.each(BACKENDS)('the table carries over between fights, over real sockets (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let libraryToken: string;
  let goblin: BestiaryEntry;
  const clients: TestClient[] = [];

  const api = (path: string, body: unknown, bearer = libraryToken) => callApi(`${server.url}${path}`, 'POST', { body, bearer });
  const claim = (encounterId: string, seatToken: string) => callApi(`${server.url}/api/join/carry-over`, 'POST', { body: { encounterId, seatToken } });

  /** The GM's socket on an encounter; `act` sends a command that must be accepted and waits for its view. */
  async function gmOn(encounterId: string, gmToken: string) {
    const gm = await connectClient(server.url, authFor(encounterId, gmToken));
    clients.push(gm);
    const act = async (command: Command) => {
      const ack = await gm.command(command);
      if (!ack.ok) throw new Error(`${command.type}: ${ack.code} ${ack.message}`);
      return (await gm.waitForVersion(ack.version)).view;
    };
    const idOf = (name: string) => gm.latest().view.combatants.find((c) => c.name === name)?.id ?? '';
    return { gm, act, idOf };
  }

  const nextFight = async (from: { encounterId: string; gmToken: string }, name: string, restores: RestPart[]) => {
    const answer = await api('/api/library/next-fight', { ...from, name, monsters: [{ entryId: goblin.entryId, count: 2 }], restores });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as NextFightResponse;
  };

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    libraryToken = ((await callApi(`${server.url}/api/library`, 'POST')).body as { libraryToken: string }).libraryToken;
    const added = await api('/api/library/bestiary', { system: 'dnd5e', creatures: [{ name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } }] });
    goblin = (added.body as { entries: BestiaryEntry[] }).entries[0] as BestiaryEntry;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
    await testDb?.drop();
  });

  it('an ad-hoc fight kept as a party; the next fight carries its wounds and offers each phone its seat; a long rest restores them', async () => {
    // Night one, typed in on the console: Borin and Aria on two phones, a wolf.
    const created = (await api('/api/encounters', { name: 'Wolves at the ford', system: 'dnd5e' }, '')).body as { encounterId: string; gmToken: string; joinCode: string };
    const one = await gmOn(created.encounterId, created.gmToken);
    await one.act({ type: 'add-combatant', combatant: { name: 'Borin', side: 'pc', stats: { dex: 12 }, note: 'Dwarf', health: { max: 30 } } });
    await one.act({ type: 'add-combatant', combatant: { name: 'Aria', side: 'pc', stats: { dex: 16 }, health: { max: 18 } } });
    await one.act({ type: 'add-combatant', combatant: { name: 'Wolf', side: 'enemy', stats: { dex: 15 }, health: { max: 11 } } });
    const seats = (await lookup(server.url, created.joinCode)).seats;
    const seatFor = (name: string) => takeSeat(server.url, created.joinCode, seats.find((s) => s.name === name)?.combatantId ?? '');
    const borinPhone = await phoneOn(server.url, created.encounterId, (await seatFor('Borin')).seatToken, clients);
    const ariaPhone = await phoneOn(server.url, created.encounterId, (await seatFor('Aria')).seatToken, clients);
    await one.act({ type: 'apply-damage', targets: [{ combatantId: one.idOf('Borin'), amount: 10 }] });
    await one.act({ type: 'set-temp-health', targets: [{ combatantId: one.idOf('Borin'), amount: 3 }] });
    await one.act({ type: 'add-condition', combatantId: one.idOf('Borin'), name: 'Poisoned' });
    await one.act({ type: 'apply-damage', targets: [{ combatantId: one.idOf('Aria'), amount: 18 }] });
    await one.act({ type: 'dnd5e-set-death-saves', combatantId: one.idOf('Aria'), successes: 0, failures: 0, stable: true });
    const table = { encounterId: created.encounterId, gmToken: created.gmToken };

    // The next fight starts only from one that is over; the GM token must be this encounter's.
    expect(await api('/api/library/next-fight', { ...table, name: 'Too soon', monsters: [], restores: [] })).toMatchObject({ status: 400 });
    await one.act({ type: 'end-encounter' });
    expect(await api('/api/library/next-fight', { ...table, gmToken: 'not-the-gm-token', name: 'Night two', monsters: [], restores: [] })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    });

    // Keep this party: the PCs with their maximum (not their wounds); a second press updates the same party.
    const kept = (await api('/api/library/parties/from-encounter', table)).body as KeepPartyResponse;
    expect(kept.created).toBe(true);
    expect(kept.party.name).toBe('Party of Wolves at the ford');
    expect(kept.party.members.map((m) => m.creature)).toEqual([
      { name: 'Borin', side: 'pc', stats: { dex: 12, initBonus: 0, legendaryActions: 0, lairActions: 0 }, note: 'Dwarf', health: { max: 30 } },
      { name: 'Aria', side: 'pc', stats: { dex: 16, initBonus: 0, legendaryActions: 0, lairActions: 0 }, health: { max: 18 } },
    ]);
    const again = (await api('/api/library/parties/from-encounter', table)).body as KeepPartyResponse;
    expect(again).toMatchObject({ created: false, party: { partyId: kept.party.partyId } });
    expect(again.party.members.map((m) => m.memberId)).toEqual(kept.party.members.map((m) => m.memberId));

    // Next fight, no rest: both phones are offered their own PC.
    const two = await nextFight(table, 'Night two', []);
    expect(two).toMatchObject({ seatsOffered: 2, partyId: kept.party.partyId });
    expect(await borinPhone.next).toMatchObject({ encounterId: two.encounterId, encounterName: 'Night two', combatantName: 'Borin' });
    expect(await ariaPhone.next).toMatchObject({ encounterId: two.encounterId, combatantName: 'Aria' });
    const borinSeat = (await claim(created.encounterId, borinPhone.seatToken)).body as TakeSeatResponse;
    expect(borinSeat.encounterId).toBe(two.encounterId);
    const borinTwo = await phoneOn(server.url, two.encounterId, borinSeat.seatToken, clients);
    // Borin's phone sees Borin as he left the ford: 20 of 30, 3 temporary; the GM sees the rest.
    expect(healthOf(borinTwo.client.latest().view, 'Borin')).toEqual({ kind: 'hit-points', current: 20, max: 30, temp: 3 });
    const second = await gmOn(two.encounterId, two.gmToken);
    const gmView = second.gm.latest().view;
    expect(healthOf(gmView, 'Aria')).toMatchObject({ current: 0, max: 18 });
    expect(gmView.combatants.find((c) => c.name === 'Aria')?.health?.state).toBe('stable');
    expect(gmView.combatants.find((c) => c.name === 'Borin')?.conditions.map((k) => k.name)).toEqual(['Poisoned']);
    expect(gmView.combatants.map((c) => c.name)).toEqual(['Borin', 'Aria', 'Goblin 1', 'Goblin 2']);

    // Night three after a long rest: everything restored; the phone that took Borin's seat is offered it again.
    await second.act({ type: 'apply-damage', targets: [{ combatantId: second.idOf('Borin'), amount: 5 }] });
    // Cael joins the table during the second fight: the next fight keeps him into the party.
    await second.act({ type: 'add-combatant', combatant: { name: 'Cael', side: 'pc', stats: { dex: 11 }, health: { max: 12 } } });
    await second.act({ type: 'end-encounter' });
    const three = await nextFight({ encounterId: two.encounterId, gmToken: two.gmToken }, 'Night three', ['health', 'temp', 'conditions']);
    expect(three.seatsOffered).toBe(1);
    expect(await borinTwo.next).toMatchObject({ encounterId: three.encounterId, combatantName: 'Borin' });
    const third = await gmOn(three.encounterId, three.gmToken);
    expect(healthOf(third.gm.latest().view, 'Borin')).toEqual({ kind: 'hit-points', current: 30, max: 30, temp: 0 });
    expect(healthOf(third.gm.latest().view, 'Aria')).toEqual({ kind: 'hit-points', current: 18, max: 18, temp: 0 });
    expect(third.gm.latest().view.combatants.find((c) => c.name === 'Borin')?.conditions).toEqual([]);
    expect(third.gm.latest().view.combatants.filter((c) => c.side === 'pc').map((c) => c.name)).toEqual(['Borin', 'Aria', 'Cael']);
    const parties = (await callApi(`${server.url}/api/library/parties`, 'GET', { bearer: libraryToken })).body as { parties: KeepPartyResponse['party'][] };
    expect(parties.parties.map((p) => p.members.map((m) => m.creature.name))).toEqual([['Borin', 'Aria', 'Cael']]);
    // The party's encounters run one after another: the fight of two nights ago starts nothing new.
    expect(await api('/api/library/next-fight', { ...table, name: 'Back in time', monsters: [], restores: [] })).toMatchObject({ status: 400 });

    // From the library page: the wounds of the party's latest fight come along when asked, else full health.
    await third.act({ type: 'apply-damage', targets: [{ combatantId: third.idOf('Borin'), amount: 7 }] });
    const start = async (name: string, carry: boolean) => {
      const started = await api(`/api/library/parties/${kept.party.partyId}/encounters`, { name, monsters: [], ...(carry ? { carryRestores: [] } : {}) });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const { encounterId, gmToken } = started.body as { encounterId: string; gmToken: string };
      return (await gmOn(encounterId, gmToken)).gm.latest().view;
    };
    expect(healthOf(await start('Night four', true), 'Borin')).toEqual({ kind: 'hit-points', current: 23, max: 30, temp: 0 });
    expect(healthOf(await start('Night five', false), 'Borin')).toEqual({ kind: 'hit-points', current: 30, max: 30, temp: 0 });
  });
});
