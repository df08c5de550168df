// A seat the GM freed, taken again from the same tab (issue 28 #2): the phone plays it, not "You were
// removed", and the GM sees it taken once, so one freeing is enough.
import { afterAll, describe, expect, it } from 'vitest';
import type { ListSeatsResponse } from '../packages/protocol/src/index.js';
import { PHONE, openPage, type WatchedPage } from './support/browser.js';
import { GmScript, statsFor } from './support/gm-script.js';
import { serverAndBrowser } from './support/suite.js';
import { byId, waitForText } from './support/table.js';

const { server, browser } = serverAndBrowser('seat-freed');
const scripts: GmScript[] = [];
const opened: WatchedPage[] = [];
afterAll(async () => {
  scripts.forEach((s) => s.close());
  for (const watched of opened) await watched.page.context().close();
});

async function seats(script: GmScript): Promise<ListSeatsResponse['seats']> {
  const { encounterId, gmToken } = script.created;
  const response = await fetch(`${server().baseUrl}/api/encounters/${encounterId}/seats`, { headers: { authorization: `Bearer ${gmToken}` } });
  return ((await response.json()) as ListSeatsResponse).seats;
}

async function free(script: GmScript, name: string): Promise<void> {
  const { encounterId, gmToken } = script.created;
  const seat = (await seats(script)).find((s) => s.combatantIds.includes(script.id(name)));
  if (!seat) throw new Error(`no seat holds ${name}`);
  const response = await fetch(`${server().baseUrl}/api/encounters/${encounterId}/seats/${seat.seatId}`, { method: 'DELETE', headers: { authorization: `Bearer ${gmToken}` } });
  expect(response.status).toBe(204);
}

describe('a freed seat taken again', () => {
  it('[issue 28 #2] the same tab opens the join link again and takes the character: it plays, and the GM frees it once', async () => {
    const script = await GmScript.create(server().baseUrl, 'Freed seat');
    scripts.push(script);
    await script.add({ name: 'Aria', side: 'pc', stats: statsFor('dnd5e') }, { name: 'Borin', side: 'pc', stats: statsFor('dnd5e') });
    const watched = await openPage(browser(), PHONE);
    opened.push(watched);
    const phone = watched.page;
    const link = `${server().baseUrl}/play#code=${script.created.joinCode}`;
    await phone.goto(link);
    await phone.locator('[data-testid="seat"][data-name="Aria"]').tap();
    await waitForText(phone, 'my-name', 'Aria');

    await free(script, 'Aria');
    await byId(phone, 'removed-screen').waitFor();
    // The QR code scanned again, in the same tab: only the fragment changes.
    await phone.goto(link);
    await phone.locator('[data-testid="seat"][data-name="Aria"]').tap();
    await waitForText(phone, 'my-name', 'Aria');
    expect(await byId(phone, 'removed-screen').count()).toBe(0);
    await byId(phone, 'connection-status').and(phone.locator('[data-status="online"]')).waitFor();
    expect((await seats(script)).filter((s) => s.combatantIds.includes(script.id('Aria')))).toHaveLength(1);

    // Freed once more: the phone hears it at once.
    await free(script, 'Aria');
    await byId(phone, 'removed-screen').waitFor();
    expect(await seats(script)).toEqual([]);
  });
});
