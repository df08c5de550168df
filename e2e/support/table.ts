// A whole table in Chromium: the GM console, phones and the overlay, driven through their pages, for
// the per-system encounters (systems.test.ts).
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addTestStyle, LAPTOP, openPage, PHONE, STREAM, type WatchedPage } from './browser.js';

export const byId = (page: Page, id: string) => page.getByTestId(id);
export const textOf = async (page: Page, id: string) => ((await byId(page, id).first().textContent()) ?? '').trim();
export const turnKey = (page: Page) => byId(page, 'order').getAttribute('data-turn');

export async function waitForText(page: Page, id: string, expected: string): Promise<void> {
  await page.waitForFunction(
    ([testId, text]) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() === text,
    [id, expected] as const,
  );
}

export interface NewPc {
  readonly name: string;
  readonly stats: Readonly<Record<string, number>>;
}

export interface Table {
  readonly gm: WatchedPage;
  readonly players: ReadonlyMap<string, WatchedPage>;
  readonly overlay: WatchedPage;
  close(): Promise<void>;
}

/** The GM creates the encounter on the console's first page, with the options given (select values). */
export async function createOnConsole(
  browser: Browser,
  base: string,
  name: string,
  system: string,
  options: Readonly<Record<string, string>>,
): Promise<WatchedPage> {
  const gm = await openPage(browser, LAPTOP);
  await gm.page.goto(`${base}/gm`);
  await byId(gm.page, 'encounter-name').fill(name);
  await byId(gm.page, 'encounter-system').selectOption(system);
  for (const [key, value] of Object.entries(options)) await byId(gm.page, `option-${key}`).selectOption(value);
  await byId(gm.page, 'create-encounter').click();
  await byId(gm.page, 'join-code').waitFor();
  return gm;
}

/** PCs through the add form (the system's stat fields), the rest through the paste box. */
export async function addCombatants(gm: Page, pcs: readonly NewPc[], paste: string, total: number): Promise<void> {
  for (const pc of pcs) {
    await byId(gm, 'add-name').fill(pc.name);
    await byId(gm, 'add-side').selectOption('pc');
    for (const [key, value] of Object.entries(pc.stats)) await byId(gm, `add-stat-${key}`).fill(String(value));
    await byId(gm, 'add-submit').click();
    await gm.locator(`[data-testid="roster-row"][data-name="${pc.name}"]`).waitFor();
  }
  await byId(gm, 'paste-box').fill(paste);
  await byId(gm, 'paste-add').click();
  await gm.waitForFunction((n) => document.querySelectorAll('[data-testid="roster-row"]').length === n, total);
}

/** Two phones take their seats by code; the overlay opens from the GM's link. */
export async function seatTable(browser: Browser, base: string, gm: WatchedPage, names: readonly string[]): Promise<Table> {
  const joinCode = await textOf(gm.page, 'join-code');
  const players = new Map<string, WatchedPage>();
  for (const name of names) {
    const player = await openPage(browser, PHONE);
    await player.page.goto(`${base}/play#code=${joinCode}`);
    await player.page.locator(`[data-testid="seat"][data-name="${name}"]`).tap();
    await waitForText(player.page, 'my-name', name);
    players.set(name, player);
  }
  const overlay = await openPage(browser, STREAM);
  await overlay.page.goto(await byId(gm.page, 'overlay-link').inputValue());
  await byId(overlay.page, 'overlay').waitFor();
  const all = [gm, overlay, ...players.values()];
  return { gm, players, overlay, close: async () => void (await Promise.all(all.map((p) => p.page.context().close()))) };
}

export async function allPagesShowRound(table: Table, round: number): Promise<void> {
  for (const { page } of [table.gm, table.overlay, ...table.players.values()]) await waitForText(page, 'round', String(round));
}

/** Rolls the monsters, settles every tie (see `settleTies`), starts combat. */
export async function rollMonstersAndStart(gm: Page, tieControls: readonly string[]): Promise<void> {
  await byId(gm, 'roll-monsters').click();
  await gm.waitForFunction(() => document.querySelectorAll('[data-testid="roll-unit"]').length === 0);
  await settleTies(gm, tieControls);
  await byId(gm, 'start-combat').click();
}

/**
 * Until combat can start: settles the first tie on the console with the first of `tieControls` that
 * is there, and waits for the view that settled it. Each of those commands settles one tie whole (a
 * roll-off re-rolls until the tie is broken), so its controls leave the page: fewer tie controls, or
 * combat ready to start, is the sign that the click was applied.
 */
export async function settleTies(gm: Page, tieControls: readonly string[]): Promise<void> {
  const selector = tieControls.map((id) => `[data-testid="${id}"]`).join(', ');
  const start = byId(gm, 'start-combat');
  while (!(await start.isEnabled())) {
    const shown = await gm.locator(selector).count();
    for (const id of tieControls) {
      if ((await byId(gm, id).count()) > 0) {
        await byId(gm, id).first().click();
        break;
      }
    }
    // With no tie shown, what keeps combat from starting is still arriving: a tie, or the last roll.
    await gm.waitForFunction(
      ([controls, before]) => {
        const count = document.querySelectorAll(controls).length;
        const ready = !(document.querySelector('[data-testid="start-combat"]') as HTMLButtonElement | null)?.disabled;
        return ready || (before === 0 ? count > 0 : count < before);
      },
      [selector, shown] as const,
    );
  }
}

/**
 * One step of play the way the table does it: an open slot is claimed from the phone of the first
 * candidate's player, or assigned by the GM; a PC's turn is ended from their phone, any other by the
 * GM; a round end that waits for the GM is answered. Returns what was done, for the test's record.
 */
export async function playStep(table: Table): Promise<string> {
  const gm = table.gm.page;
  if ((await byId(gm, 'continue-combat').count()) > 0) {
    await byId(gm, 'continue-combat').click();
    await byId(gm, 'continue-combat').waitFor({ state: 'detached' });
    return 'continue';
  }
  if ((await byId(gm, 'fill-slot').count()) > 0) {
    const first = ((await byId(gm, 'fill-choice').locator('option').first().textContent()) ?? '').trim();
    const player = table.players.get(first);
    if (player) {
      await byId(player.page, 'take-turn').first().tap();
    } else {
      await byId(gm, 'fill-assign').click();
    }
    await byId(gm, 'fill-slot').waitFor({ state: 'detached' });
    return `claim ${first}`;
  }
  return endTurnStep(table);
}

/** Ends the current turn: a PC's from their phone, any other from the console; returns what was done. */
export async function endTurnStep(table: Table): Promise<string> {
  const gm = table.gm.page;
  const label = await textOf(gm, 'current-turn');
  const before = await turnKey(gm);
  const player = table.players.get(label);
  if (player) {
    await byId(player.page, 'your-turn-banner').waitFor();
    await byId(player.page, 'end-my-turn').tap();
  } else {
    await byId(gm, 'next-turn').click();
  }
  // A group's members take their turns one by one in one slot (UES-35): the slot stays, the name changes.
  await gm.waitForFunction(
    ([key, name]) =>
      document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') !== key ||
      document.querySelector('[data-testid="current-turn"]')?.textContent?.trim() !== name ||
      !!document.querySelector('[data-testid="continue-combat"]'),
    [before, label] as const,
  );
  return `end ${label}`;
}

/** Each page's screenshot (the overlay over a stand-in scene), copied to docs/screenshots with UPDATE_SCREENSHOTS=1. */
export async function screenshots(table: Table, system: string, artifacts: string, docs: string): Promise<void> {
  await mkdir(artifacts, { recursive: true });
  const scene = await addTestStyle(table.overlay.page, 'html { background: #2f4a3c !important; }');
  const player = [...table.players.values()][0]!;
  const shots: [WatchedPage, string][] = [
    [table.gm, `${system}-gm.png`],
    [player, `${system}-player.png`],
    [table.overlay, `${system}-overlay.png`],
  ];
  for (const [{ page }, file] of shots) await page.screenshot({ path: join(artifacts, file), animations: 'disabled' });
  await scene();
  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    await mkdir(docs, { recursive: true });
    for (const [, file] of shots) await copyFile(join(artifacts, file), join(docs, file));
  }
}

/** The hidden combatant never reached the overlay or a phone: not in a websocket frame, not in the page. */
export async function hiddenNowhere(table: Table, hidden: string): Promise<string[]> {
  const leaks: string[] = [];
  if (!table.gm.frames.some((f) => f.includes(hidden))) leaks.push('the GM received no frame naming the hidden combatant (frames not recorded?)');
  for (const [who, page] of [['overlay', table.overlay], ...[...table.players].map(([n, p]) => [n, p] as const)] as const) {
    if (page.frames.length === 0) leaks.push(`${who}: no frames recorded`);
    if (page.frames.some((f) => f.includes(hidden))) leaks.push(`${who}: a websocket frame names ${hidden}`);
    if ((await page.page.content()).includes(hidden)) leaks.push(`${who}: the page shows ${hidden}`);
    if (page.errors.length > 0) leaks.push(`${who}: ${page.errors.join('; ')}`);
  }
  return leaks;
}
