import { afterAll, describe, expect, it } from 'vitest';
import type { EncounterConnection } from '../../../packages/client/src/index.js';
import type { CarryOverLookupResponse, Creature, Party, SeatOffer, StartPartyEncounterResponse, TakeSeatResponse } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { openConnection, untilSeatOffer, untilVersion } from './helpers/encounter-connection.js';
import { lookup, takeSeat } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient, expectConnectError, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const OFFER_TIMEOUT_MS = 10_000;

const pc = (name: string): Creature => ({ name, side: 'pc', stats: { dex: 12 }, health: { max: 20 } });

/** A player's phone: its seat token and a whole-view socket (an older client's) that records the offers it hears. */
interface Phone {
  readonly encounterId: string;
  readonly seatToken: string;
  readonly client: TestClient;
  readonly offers: SeatOffer[];
  nextOffer(): Promise<SeatOffer>;
}

async function connectPhone(url: string, encounterId: string, seatToken: string): Promise<Phone> {
  const client = await connectClient(url, authFor(encounterId, seatToken));
  const offers: SeatOffer[] = [];
  const waiting: ((offer: SeatOffer) => void)[] = [];
  client.socket.on('seat-offer', (offer: SeatOffer) => {
    offers.push(offer);
    for (const resolve of waiting.splice(0)) resolve(offer);
  });
  const nextOffer = () =>
    new Promise<SeatOffer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no seat offer arrived')), OFFER_TIMEOUT_MS);
      waiting.push((offer) => (clearTimeout(timer), resolve(offer)));
    });
  return { encounterId, seatToken, client, offers, nextOffer };
}

describe.each(BACKENDS)('seats offered back in a party’s next encounter, over real sockets (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let libraryToken: string;
  let party: Party;
  const clients: TestClient[] = [];
  const connections: EncounterConnection[] = [];

  const library = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    callApi(`${server.url}/api/library${path}`, method, { body, bearer: libraryToken });
  const start = async (name: string): Promise<StartPartyEncounterResponse> => {
    const started = await library('POST', `/parties/${party.partyId}/encounters`, { name, monsters: [] });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return started.body as StartPartyEncounterResponse;
  };
  const claim = (encounterId: string, seatToken: string) => callApi(`${server.url}/api/join/carry-over`, 'POST', { body: { encounterId, seatToken } });
  const offerFor = async (encounterId: string, seatToken: string) =>
    ((await callApi(`${server.url}/api/join/carry-over/lookup`, 'POST', { body: { encounterId, seatToken } })).body as CarryOverLookupResponse).offer;
  const seatOf = async (created: StartPartyEncounterResponse, name: string): Promise<TakeSeatResponse> => {
    const seat = (await lookup(server.url, created.joinCode)).seats.find((s) => s.name === name);
    if (!seat) throw new Error(`${name} is not offered on the join page`);
    return takeSeat(server.url, created.joinCode, seat.combatantId);
  };
  const phone = async (encounterId: string, seatToken: string) => {
    const p = await connectPhone(server.url, encounterId, seatToken);
    clients.push(p.client);
    return p;
  };

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    libraryToken = ((await callApi(`${server.url}/api/library`, 'POST')).body as { libraryToken: string }).libraryToken;
    party = (await library('POST', '/parties', { name: 'Company', system: 'dnd5e', members: [pc('Aria'), pc('Borin'), pc('Cael')] })).body as Party;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const c of connections) c.close();
    await server?.close();
    await testDb?.drop();
  });

  it("offers each phone its own PC's seat in the next encounter, and only its own", async () => {
    const first = await start('Night one');
    const aria = await phone(first.encounterId, (await seatOf(first, 'Aria')).seatToken);
    const borin = await phone(first.encounterId, (await seatOf(first, 'Borin')).seatToken);
    const gm = await connectClient(server.url, authFor(first.encounterId, first.gmToken));
    clients.push(gm);
    const gmOffers: unknown[] = [];
    gm.socket.on('seat-offer', (offer: unknown) => gmOffers.push(offer));
    // The phones as the /play page really connects them: the client library, which asks for shared views
    // (its sockets sit in other rooms than a whole-view socket's).
    const realAria = openConnection(server.url, first.encounterId, aria.seatToken);
    const realBorin = openConnection(server.url, first.encounterId, borin.seatToken);
    connections.push(realAria, realBorin);
    await Promise.all([untilVersion(realAria, 1), untilVersion(realBorin, 1)]);

    const ariaHears = aria.nextOffer();
    const borinHears = borin.nextOffer();
    const realHear = Promise.all([untilSeatOffer(realAria), untilSeatOffer(realBorin)]);
    const second = await start('Night two');
    // Cael had no phone: two seats are offered.
    expect(second.seatsOffered).toBe(2);
    expect(await ariaHears).toMatchObject({ encounterId: second.encounterId, encounterName: 'Night two', system: 'dnd5e', combatantName: 'Aria' });
    expect(await borinHears).toMatchObject({ encounterId: second.encounterId, combatantName: 'Borin' });
    expect(await realHear).toEqual([await ariaHears, await borinHears]);
    // The offer went to the seats only: not to the other phone, not to the GM.
    expect(aria.offers.map((o) => o.combatantName)).toEqual(['Aria']);
    expect(realAria.state.seatOffer?.combatantName).toBe('Aria');
    expect(gmOffers).toEqual([]);

    // Aria's phone takes its seat without a join code; the new token opens Aria in the new encounter.
    const claimed = await claim(first.encounterId, aria.seatToken);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const seat = claimed.body as TakeSeatResponse;
    expect(seat).toMatchObject({ encounterId: second.encounterId, combatantIds: [(await ariaHears).combatantId] });
    const inSecond = await phone(second.encounterId, seat.seatToken);
    expect(inSecond.client.latest().view.combatants.filter((c) => c.mine).map((c) => c.name)).toEqual(['Aria']);
    // A retry whose answer was lost gets the same seat, not "taken by someone else".
    expect((await claim(first.encounterId, aria.seatToken)).body).toEqual(seat);
    // Borin's phone cannot reach Aria: its token leads to Borin only. Nor can a made-up token.
    expect(await offerFor(first.encounterId, borin.seatToken)).toMatchObject({ combatantName: 'Borin' });
    expect(await claim(first.encounterId, 'made-up-token')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    // A seat token of the new encounter offers nothing yet (there is no encounter after it).
    expect(await offerFor(second.encounterId, seat.seatToken)).toBeNull();
    expect(await claim(second.encounterId, seat.seatToken)).toMatchObject({ status: 404, body: { code: 'not-found' } });
  });

  it('the GM keeps control: a removed carried seat does not come back, a locked encounter waits, only the very next encounter is offered', async () => {
    const one = await start('Road');
    const cael = await phone(one.encounterId, (await seatOf(one, 'Cael')).seatToken);
    const borinToken = (await seatOf(one, 'Borin')).seatToken;
    const two = await start('Bridge');
    const caelSeat = (await claim(one.encounterId, cael.seatToken)).body as TakeSeatResponse;

    // The GM removes the carried seat: the phone is told, and the old token cannot bring it back.
    const seats = (await callApi(`${server.url}/api/encounters/${two.encounterId}/seats`, 'GET', { bearer: two.gmToken })).body as { seats: { seatId: string; combatantIds: string[] }[] };
    const carried = seats.seats.find((s) => s.combatantIds[0] === caelSeat.combatantIds[0]);
    expect((await callApi(`${server.url}/api/encounters/${two.encounterId}/seats/${carried?.seatId}`, 'DELETE', { bearer: two.gmToken })).status).toBe(204);
    expect(await expectConnectError(server.url, authFor(two.encounterId, caelSeat.seatToken))).toMatchObject({ code: 'unauthorized' });
    expect(await claim(one.encounterId, cael.seatToken)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await offerFor(one.encounterId, cael.seatToken)).toBeNull();

    // Joining closed: the carry-over waits for the GM like any new seat.
    await callApi(`${server.url}/api/encounters/${two.encounterId}/join-lock`, 'PUT', { bearer: two.gmToken, body: { locked: true } });
    expect(await claim(one.encounterId, borinToken)).toMatchObject({ status: 403, body: { code: 'join-locked' } });
    await callApi(`${server.url}/api/encounters/${two.encounterId}/join-lock`, 'PUT', { bearer: two.gmToken, body: { locked: false } });

    // A third encounter: tokens of the first lead to the second only, never further.
    const three = await start('Keep');
    expect(await offerFor(one.encounterId, borinToken)).toMatchObject({ encounterId: two.encounterId });
    const borinTwo = (await claim(one.encounterId, borinToken)).body as TakeSeatResponse;
    expect(borinTwo.encounterId).toBe(two.encounterId);
    expect(await offerFor(two.encounterId, borinTwo.seatToken)).toMatchObject({ encounterId: three.encounterId, combatantName: 'Borin' });
    // Someone took Borin in the third by code first: no offer, and the claim says it is taken.
    await seatOf(three, 'Borin');
    expect(await offerFor(two.encounterId, borinTwo.seatToken)).toBeNull();
    expect(await claim(two.encounterId, borinTwo.seatToken)).toMatchObject({ status: 409, body: { code: 'seat-taken' } });
  });

  it('a phone that was away asks on its return; a PC left out of the next encounter is not offered', async () => {
    const one = await start('Camp');
    const ariaToken = (await seatOf(one, 'Aria')).seatToken;
    const borinToken = (await seatOf(one, 'Borin')).seatToken;
    const aria = party.members.find((m) => m.creature.name === 'Aria');
    const started = await library('POST', `/parties/${party.partyId}/encounters`, { name: 'Ambush', memberIds: [aria?.memberId], monsters: [] });
    const two = started.body as StartPartyEncounterResponse;
    // No phone was connected, so none heard it; each finds out by asking with its token.
    expect(two.seatsOffered).toBe(1);
    expect(await offerFor(one.encounterId, ariaToken)).toMatchObject({ encounterId: two.encounterId, combatantName: 'Aria' });
    expect(await offerFor(one.encounterId, borinToken)).toBeNull();
    expect(await claim(one.encounterId, borinToken)).toMatchObject({ status: 404, body: { code: 'not-found' } });
  });
});
