import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addTestStyle, LAPTOP, openPage, PHONE, STREAM, type WatchedPage } from './support/browser.js';
import { settleTies } from './support/table.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';

const README_SCREENSHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const ROUNDS_TO_PLAY = 2;
const HIDDEN_NAME = 'Assassin';
/** The face of Borin's real die, typed on his phone. */
const BORIN_FACE = 11;
const PCS = ['Aria', 'Borin'] as const;
type PcName = (typeof PCS)[number];

let gm: WatchedPage;
let overlay: WatchedPage;
const players = {} as Record<PcName, WatchedPage>;

const byId = (page: Page, id: string) => page.getByTestId(id);
const textOf = async (page: Page, id: string) => ((await byId(page, id).first().textContent()) ?? '').trim();
const turnKey = (page: Page) => page.getByTestId('order').getAttribute('data-turn');

async function waitForText(page: Page, id: string, expected: string): Promise<void> {
  await page.waitForFunction(
    ([testId, text]) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() === text,
    [id, expected] as const,
  );
}

/** The label of the highlighted slot, or null when none is (e.g. a hidden combatant's turn on the overlay). */
async function waitForCurrentSlot(page: Page, expected: string | null): Promise<void> {
  await page.waitForFunction((label) => {
    const current = document.querySelector('[data-testid="order-slot"][data-current="true"] .label');
    return (current?.textContent?.trim() ?? null) === label;
  }, expected);
}

async function waitForOnline(page: Page): Promise<void> {
  await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor();
}

async function allPagesShowRound(round: number): Promise<void> {
  for (const { page } of [gm, overlay, ...Object.values(players)]) await waitForText(page, 'round', String(round));
}

async function screenshots(): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  // A fight under way, so the pictures show health: a goblin bloodied, Borin hurt (from the GM's quick entry).
  for (const [name, entry] of [['Goblin 1', '-4'], ['Borin', '-9']] as const) {
    const field = gm.page.locator(`[data-testid="roster-row"][data-name="${name}"] [data-testid="health-entry"]`);
    await field.fill(entry);
    await field.press('Enter');
  }
  await overlay.page.locator('[data-testid="health"][data-state="bloodied"]').first().waitFor();
  // The overlay is transparent; stand in for the stream's scene so the screenshot shows what viewers see.
  const scene = await addTestStyle(overlay.page, 'html { background: #2f4a3c !important; }');
  // The README's console picture (gm.png) is console-fight.test.ts's, a 20-combatant fight; this one stays an artifact.
  await gm.page.screenshot({ path: join(ARTIFACTS, 'gm-encounter.png'), animations: 'disabled' });
  const shots: [WatchedPage, string][] = [
    [players.Aria, 'player.png'],
    [overlay, 'overlay.png'],
  ];
  for (const [{ page }, file] of shots) await page.screenshot({ path: join(ARTIFACTS, file), animations: 'disabled' });
  await scene();
  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    await mkdir(README_SCREENSHOTS, { recursive: true });
    for (const [, file] of shots) await copyFile(join(ARTIFACTS, file), join(README_SCREENSHOTS, file));
  }
}

/**
 * Plays the current turn the way the table would: a PC's player ends it from their phone (after seeing
 * the banner), the GM ends monster turns. Checks what every page shows first. Returns who acted.
 */
async function playOneTurn(): Promise<string> {
  const label = await textOf(gm.page, 'current-turn');
  const before = await turnKey(gm.page);
  const pc = PCS.find((name) => name === label);
  for (const name of PCS) {
    const banner = byId(players[name].page, 'your-turn-banner');
    if (name === pc) await banner.waitFor();
    else expect(await banner.count(), `${name} must not see a banner on ${label}'s turn`).toBe(0);
  }
  // The player whose slot comes next (as players see the order: without the hidden combatant) is told to get ready.
  if (label !== HIDDEN_NAME) {
    // The console's list in turn order: each slot's row (a group's heading, not its members).
    const order = await gm.page.locator('[data-testid="order"] > li[data-name]:not(.member)').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
    const visible = order.filter((name) => name !== HIDDEN_NAME);
    const following = visible[(visible.indexOf(label) + 1) % visible.length];
    const upNext = PCS.find((name) => name === following && name !== pc);
    if (upNext) await byId(players[upNext].page, 'up-next-banner').waitFor();
    if (pc) expect(await byId(players[pc].page, 'up-next-banner').count(), `${pc} acts now, not next`).toBe(0);
  }
  // Spectators never learn of the hidden combatant, so its turn highlights nothing on the overlay.
  await waitForCurrentSlot(overlay.page, label === HIDDEN_NAME ? null : label);
  if (pc) {
    await byId(players[pc].page, 'end-my-turn').tap();
  } else {
    await byId(gm.page, 'next-turn').click();
  }
  await gm.page.waitForFunction((key) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') !== key, before);
  return label;
}

describe('a D&D 5e encounter across GM, phones and overlay', () => {
  const { server, browser } = serverAndBrowser('encounter');

  it('runs initiative and two rounds, hides the assassin, and survives a server restart', async () => {
    const base = server().baseUrl;
    gm = await openPage(browser(), LAPTOP);

    // The GM creates the encounter and adds combatants by form and by pasted list.
    await gm.page.goto(`${base}/gm`);
    await byId(gm.page, 'encounter-name').fill('Goblin ambush');
    expect(await byId(gm.page, 'encounter-system').inputValue()).toBe('dnd5e');
    await byId(gm.page, 'create-encounter').click();
    await byId(gm.page, 'join-code').waitFor();
    expect(gm.page.url()).toMatch(/\/gm#e=[^&]+&t=.+/);

    for (const [name, dex, hp] of [['Aria', '16', '24'], ['Borin', '12', '31']] as const) {
      await byId(gm.page, 'add-name').fill(name);
      await byId(gm.page, 'add-side').selectOption('pc');
      await byId(gm.page, 'add-stat-dex').fill(dex);
      await byId(gm.page, 'add-health').fill(hp);
      await byId(gm.page, 'add-submit').click();
      await gm.page.locator(`[data-testid="roster-row"][data-name="${name}"]`).waitFor();
    }
    await byId(gm.page, 'paste-box').fill(`3 Goblin dex 14 hp 7\n${HIDDEN_NAME} dex 18 hp 45 hidden`);
    await byId(gm.page, 'paste-add').click();
    await gm.page.locator(`[data-testid="roster-row"][data-name="${HIDDEN_NAME}"]`).waitFor();
    await gm.page.waitForFunction(() => document.querySelectorAll('[data-testid="roster-row"]').length === 6);

    const joinCode = await textOf(gm.page, 'join-code');
    expect(joinCode).toMatch(/^[A-Z0-9]{6}$/);
    const overlayUrl = await byId(gm.page, 'overlay-link').inputValue();
    expect(overlayUrl).toMatch(/\/overlay#e=[^&]+&t=.+/);

    // Aria scans the QR code (its link carries the code); Borin types the code.
    for (const name of PCS) players[name] = await openPage(browser(), PHONE);
    await players.Aria.page.goto(`${base}/play#code=${joinCode}`);
    await players.Borin.page.goto(`${base}/play`);
    await byId(players.Borin.page, 'join-code-input').fill(joinCode.toLowerCase());
    await byId(players.Borin.page, 'join-lookup').tap();
    for (const name of PCS) {
      const { page } = players[name];
      await page.locator(`[data-testid="seat"][data-name="${name}"]`).tap();
      await waitForText(page, 'my-name', name);
      expect(page.url()).toMatch(/\/play#e=/);
    }
    // Aria's seat is now taken for anyone else.
    await players.Borin.page.reload();
    await waitForText(players.Borin.page, 'my-name', 'Borin');
    // The GM's join panel lists both seats as connected (in words, not colour alone), neither ready yet.
    for (const name of PCS) {
      await gm.page.locator(`[data-testid="presence-seat"][data-name="${name}"][data-state="connected"]`).waitFor();
    }
    expect((await byId(gm.page, 'presence-state').allTextContents()).map((t) => t.trim())).toEqual(['Connected', 'Connected']);
    expect(await byId(gm.page, 'presence-ready').count()).toBe(0);

    overlay = await openPage(browser(), STREAM);
    await overlay.page.goto(overlayUrl);
    await byId(overlay.page, 'overlay').waitFor();

    // Initiative: players roll on their phones, the GM rolls for the monsters and settles ties.
    await byId(gm.page, 'open-initiative').click();
    await byId(players.Aria.page, 'roll-initiative').waitFor();
    await players.Aria.page.screenshot({ path: join(ARTIFACTS, 'player-initiative.png') });
    // Aria lets the app roll; Borin rolled a real d20 at the table and types what it shows.
    await byId(players.Aria.page, 'roll-initiative').tap();
    await byId(players.Borin.page, 'physical-toggle').tap();
    await byId(players.Borin.page, 'physical-face').fill(String(BORIN_FACE));
    await byId(players.Borin.page, 'physical-submit').tap();
    for (const name of PCS) {
      const { page } = players[name];
      await byId(page, 'my-initiative').waitFor();
      expect(await textOf(page, 'my-initiative')).toMatch(new RegExp(`^${name}: \\d+ \\(d20 \\d+ [+−] \\d+ = \\d+\\)$`));
    }
    expect(await textOf(players.Borin.page, 'my-initiative')).toContain(`d20 ${BORIN_FACE} + 1`);
    // Both players rolled: the GM sees both seats ready.
    for (const name of PCS) {
      await gm.page.locator(`[data-testid="presence-seat"][data-name="${name}"][data-ready="true"]`).waitFor();
    }
    expect(await byId(gm.page, 'presence-ready').allTextContents()).toEqual(['Ready', 'Ready']);
    // The GM enters the assassin's die by hand too, and rolls the rest in the app.
    const assassinRow = gm.page.locator(`[data-testid="initiative-unit"][data-name="${HIDDEN_NAME}"]`);
    await assassinRow.getByTestId('face-input').fill('9');
    await assassinRow.getByTestId('face-submit').click();
    await assassinRow.getByTestId('initiative-result').waitFor();
    await byId(gm.page, 'roll-monsters').click();
    await gm.page.waitForFunction(() => document.querySelectorAll('[data-testid="roll-unit"]').length === 0);
    await gm.page.screenshot({ path: join(ARTIFACTS, 'gm-initiative.png') });
    const start = byId(gm.page, 'start-combat');
    await settleTies(gm.page, ['tie-confirm']);
    // The GM's log holds every roll with its faces (read from the server after each view: wait for the last one).
    await gm.page.locator('[data-testid="log-line"][data-kind="roll"]', { hasText: 'Goblin ×3 rolled' }).waitFor();
    const rolls = (await gm.page.locator('[data-testid="log-line"][data-kind="roll"]').allTextContents()).map((t) => t.trim());
    expect(rolls).toContain(`Borin rolled ${BORIN_FACE + 1}: d20 ${BORIN_FACE} + 1 = ${BORIN_FACE + 1}, real dice`);
    expect(rolls).toContain(`${HIDDEN_NAME} rolled 13: d20 9 + 4 = 13, real dice`);
    // Who did it: Borin's roll came from Borin's phone, the hidden one's from the GM.
    const authorOf = (text: string) => gm.page.locator('[data-testid="log"] > li', { hasText: text }).locator('.who').textContent();
    expect(await authorOf(`Borin rolled ${BORIN_FACE + 1}`)).toBe('Borin');
    expect(await authorOf(`${HIDDEN_NAME} rolled 13`)).toBe('GM');
    for (const unit of [...PCS, 'Goblin ×3', HIDDEN_NAME]) {
      expect(rolls.some((line) => new RegExp(`${unit} rolled \\d+: d20 \\d+`).test(line)), `${unit}'s roll is logged`).toBe(true);
    }
    await start.click();
    await allPagesShowRound(1);
    expect(await overlay.page.content()).not.toContain(HIDDEN_NAME);

    // Two full rounds.
    const acted: string[] = [];
    let round = 1;
    while (round <= ROUNDS_TO_PLAY) {
      const current = await textOf(gm.page, 'current-turn');
      if (round === ROUNDS_TO_PLAY && current === 'Aria') await screenshots();
      acted.push(await playOneTurn());
      round = Number(await textOf(gm.page, 'round'));
      await allPagesShowRound(round);
    }
    expect(round).toBe(ROUNDS_TO_PLAY + 1);
    for (const name of [...PCS, HIDDEN_NAME]) expect(acted.filter((a) => a === name)).toHaveLength(ROUNDS_TO_PLAY);
    expect(acted).toHaveLength(4 * ROUNDS_TO_PLAY);

    // Restart the server: every page notices, reconnects by itself and shows the same state.
    const turnLabel = await textOf(gm.page, 'current-turn');
    const key = await turnKey(gm.page);
    await server().stop('SIGTERM');
    await byId(players.Aria.page, 'offline-banner').waitFor();
    await gm.page.locator('[data-testid="connection-status"][data-status="offline"]').waitFor();
    await byId(overlay.page, 'connection-status').waitFor();
    await server().start();
    for (const { page } of [gm, ...Object.values(players)]) await waitForOnline(page);
    await byId(overlay.page, 'connection-status').waitFor({ state: 'detached' });
    await byId(players.Aria.page, 'offline-banner').waitFor({ state: 'detached' });
    await allPagesShowRound(round);
    expect(await turnKey(gm.page)).toBe(key);
    expect(await textOf(gm.page, 'current-turn')).toBe(turnLabel);
    await waitForCurrentSlot(overlay.page, turnLabel === HIDDEN_NAME ? null : turnLabel);

    // One more turn, and it reaches everyone.
    const before = await turnKey(gm.page);
    await playOneTurn();
    let next = await textOf(gm.page, 'current-turn');
    expect(await turnKey(gm.page)).not.toBe(before);
    await waitForCurrentSlot(overlay.page, next === HIDDEN_NAME ? null : next);
    for (const name of PCS) {
      await players[name].page.waitForFunction(
        (label) => document.querySelector('[data-testid="order-slot"][data-current="true"] .label')?.textContent?.trim() === label,
        next === HIDDEN_NAME ? undefined : next,
      );
    }

    // A player's tap while the server is down waits in the outbox and lands once it is back.
    const isPc = (label: string): label is PcName => (PCS as readonly string[]).includes(label);
    while (!isPc(next)) {
      await playOneTurn();
      next = await textOf(gm.page, 'current-turn');
    }
    const tapper = players[next].page;
    await byId(tapper, 'your-turn-banner').waitFor();
    const beforeOffline = await turnKey(gm.page);
    await server().stop('SIGTERM');
    await byId(tapper, 'offline-banner').waitFor();
    await byId(tapper, 'end-my-turn').tap();
    await waitForText(tapper, 'queued-taps', '1 tap will be sent when back');
    await server().start();
    await gm.page.waitForFunction((key) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') !== key, beforeOffline);
    await byId(tapper, 'your-turn-banner').waitFor({ state: 'detached' });
    await byId(tapper, 'offline-banner').waitFor({ state: 'detached' });

    // The hidden combatant never left the server for anyone but the GM.
    expect(gm.frames.some((f) => f.includes(HIDDEN_NAME)), 'frames are recorded').toBe(true);
    for (const page of [overlay, ...Object.values(players)]) {
      expect(page.frames.length).toBeGreaterThan(0);
      expect(page.frames.filter((f) => f.includes(HIDDEN_NAME))).toEqual([]);
      expect(await page.page.content()).not.toContain(HIDDEN_NAME);
      expect(page.errors).toEqual([]);
    }
    expect(gm.errors).toEqual([]);
  });
});
