// [issue 28] The console runs a 20-combatant D&D 5e fight (four PCs, an NPC, a group of four goblins, a
// hidden ogre and a dozen other monsters) in one list, in real Chromium against the built pages and a
// real server: at 1280×720 and 1440×900 with a mouse and at 1024×768 with touch, the current turn, Next
// turn and the selected creature's health stay in the window at every turn of two rounds, without the
// page scrolling; damage takes a few actions; a GM can run a round from the keyboard alone.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EncounterView } from '../packages/rules/src/index.js';
import { GmScript } from './support/gm-script.js';
import { Pages } from './support/pages.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';
import { byId, turnKey } from './support/table.js';

const DOC_SCREENSHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const ROUNDS = 2;
/** "At most three actions" to damage one combatant, and four selected ones. */
const MAX_ACTIONS = 3;

interface Size {
  readonly name: string;
  readonly context: BrowserContextOptions;
  readonly touch: boolean;
  /** The picture's file in docs/screenshots/. */
  readonly shot: string;
}
const SIZES: readonly Size[] = [
  { name: '1280×720, mouse', context: { viewport: { width: 1280, height: 720 } }, touch: false, shot: 'console-1280x720.png' },
  { name: '1440×900, mouse', context: { viewport: { width: 1440, height: 900 } }, touch: false, shot: 'gm.png' },
  { name: '1024×768, touch', context: { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false }, touch: true, shot: 'console-1024x768-touch.png' },
];

const { server, browser } = serverAndBrowser('console-fight');
const scripts: GmScript[] = [];

/** Twenty combatants, each with hit points; the goblins a group of four, the ogre hidden. */
async function twentyCombatants(): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, 'Ambush at the ford');
  scripts.push(script);
  const hp = (max: number) => ({ health: { max } });
  await script.add(
    { name: 'Aria', side: 'pc', stats: { dex: 16 }, ...hp(24) },
    { name: 'Borin', side: 'pc', stats: { dex: 10 }, ...hp(31) },
    { name: 'Cyra', side: 'pc', stats: { dex: 14 }, ...hp(19) },
    { name: 'Dain', side: 'pc', stats: { dex: 12 }, ...hp(27) },
    { name: 'Sister Maren', side: 'npc', stats: { dex: 11 }, ...hp(18) },
    { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, count: 4, ...hp(7) },
    { name: 'Ogre', side: 'enemy', stats: { dex: 8 }, hidden: true, ...hp(59) },
  );
  const monsters = ['Bandit captain', 'Bandit 1', 'Bandit 2', 'Wolf 1', 'Wolf 2', 'Wolf 3', 'Cultist', 'Dire boar', 'Harpy', 'Hobgoblin archer'];
  for (const [i, name] of monsters.entries()) await script.add({ name, side: 'enemy', stats: { dex: 9 + (i % 7) }, ...hp(11 + i) });
  expect(script.view.combatants).toHaveLength(20);
  await script.startCombat();
  return script;
}

const rows = (gm: Page) => byId(gm, 'roster-row');
/** The GM's numbers (the GM always sees them). */
const hp = (view: EncounterView, name: string): number | null => {
  const health = view.combatants.find((c) => c.name === name)?.health;
  return health?.shown === 'numbers' && health.health.kind === 'hit-points' ? health.health.current : null;
};
const currentHp = (script: GmScript, name: string): number | null => hp(script.view, name);
/** A health entry sent and answered leaves its field: the keys are the console's again. */
const entryDone = (gm: Page) => gm.waitForFunction(() => document.activeElement?.tagName !== 'INPUT');

/** Wholly inside the window (and, for a row of the list, inside the list's visible region). */
async function expectInView(page: Page, locator: Locator, what: string, region?: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} is on the page`).not.toBeNull();
  if (!box || !viewport) return;
  const within = (outer: { x: number; y: number; width: number; height: number }) =>
    box.x >= outer.x - 0.5 && box.y >= outer.y - 0.5 && box.x + box.width <= outer.x + outer.width + 0.5 && box.y + box.height <= outer.y + outer.height + 0.5;
  expect(within({ x: 0, y: 0, ...viewport }), `${what} at ${JSON.stringify(box)} in ${viewport.width}×${viewport.height}`).toBe(true);
  const outer = region ? await region.boundingBox() : null;
  if (outer) expect(within(outer), `${what} at ${JSON.stringify(box)} inside the list's region ${JSON.stringify(outer)}`).toBe(true);
}

/** The page itself never scrolls: everything fits, the list scrolls inside its own region. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

async function nextTurn(gm: Page, size: Size | null): Promise<void> {
  const before = await turnKey(gm);
  const button = byId(gm, 'next-turn');
  if (size?.touch) await button.tap();
  else if (size) await button.click();
  else await gm.keyboard.press('n');
  await gm.waitForFunction((key) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') !== key, before);
}

describe('[issue 28] the console runs a 20-combatant fight', () => {
  const opened: { errors: string[] }[] = [];
  const allPages: Pages[] = [];
  const pagesAt = (context: BrowserContextOptions) => {
    const pages = new Pages(browser(), server().baseUrl, { gm: context });
    allPages.push(pages);
    return pages;
  };
  afterEach(async () => {
    for (const page of opened.splice(0)) expect(page.errors).toEqual([]);
    // Each size has its own browser context: closed after its test, so the next runs alone.
    for (const pages of allPages.splice(0)) await pages.closeAllBut();
  });
  afterAll(() => {
    for (const script of scripts) script.close();
  });

  for (const size of SIZES) {
    it(`at ${size.name}: the current turn, Next turn and the selected health stay in sight for two rounds; damage in three actions`, async () => {
      const script = await twentyCombatants();
      const pages = pagesAt(size.context);
      const watched = await pages.console(script);
      opened.push(watched);
      const gm = watched.page;
      await rows(gm).nth(19).waitFor();
      expect(await rows(gm).count()).toBe(20);
      // Combat has started: the adding panel is folded, one click away.
      expect(await byId(gm, 'add-panel').getAttribute('open')).toBeNull();
      await expectInView(gm, byId(gm, 'add-combatants'), 'Add combatants');
      await expectInView(gm, gm.locator('[data-testid="order"] [data-current="true"]').first(), 'the first turn', byId(gm, 'list-region'));

      // Damage the 17th combatant in the list: select it, type the damage.
      const seventeenth = rows(gm).nth(16);
      const name = (await seventeenth.getAttribute('data-name')) ?? '';
      const before = currentHp(script, name);
      let actions = 0;
      const tapOrClick = async (target: Locator, modifiers: ('Shift' | 'Control')[] = []) => {
        actions++;
        if (size.touch) await target.tap();
        else await target.click({ modifiers });
      };
      const type = async (text: string, into?: Locator) => {
        if (into) await tapOrClick(into);
        actions++;
        await gm.keyboard.type(`${text}\n`);
      };
      await tapOrClick(seventeenth.getByTestId('row-name'));
      await byId(gm, 'detail').and(gm.locator(`[data-name="${name}"]`)).waitFor();
      // With a mouse the sign starts the entry (no field to click); on a tablet, a tap on the detail's field.
      await type('-6', size.touch ? byId(gm, 'detail-health-entry') : undefined);
      await script.waitFor((v) => hp(v, name) === (before ?? 0) - 6);
      await entryDone(gm);
      expect(actions, `actions to damage ${name}`).toBeLessThanOrEqual(MAX_ACTIONS);

      // Four at once: a range with Shift-click (mouse), the group's heading (touch: no Shift key), then one entry.
      actions = 0;
      let four: string[];
      if (size.touch) {
        await tapOrClick(byId(gm, 'group-select'));
        four = ['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4'];
      } else {
        await tapOrClick(rows(gm).nth(8).getByTestId('row-name'));
        await tapOrClick(rows(gm).nth(11).getByTestId('row-name'), ['Shift']);
        four = await rows(gm).evaluateAll((els) => els.slice(8, 12).map((e) => e.getAttribute('data-name') ?? ''));
      }
      expect(await byId(gm, 'health-selected-count').textContent()).toBe('4');
      expect((await gm.locator('[data-testid="roster-row"][data-selected="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).sort()).toEqual([...four].sort());
      const hpBefore = four.map((n) => currentHp(script, n) ?? 0);
      await type('-3', size.touch ? byId(gm, 'health-entry-several') : undefined);
      await script.waitFor((v) => four.every((n, i) => hp(v, n) === Math.max(0, (hpBefore[i] ?? 0) - 3)));
      await entryDone(gm);
      expect(actions, `actions to damage ${four.join(', ')}`).toBeLessThanOrEqual(MAX_ACTIONS);

      // [ENG-16] A condition on the four from the bar: one command, so one undo takes it off all four.
      const frightened = (v: EncounterView) => four.filter((n) => v.combatants.find((c) => c.name === n)?.conditions.some((k) => k.name === 'Frightened')).length;
      await byId(gm, 'several-condition-name').fill('Frightened');
      await byId(gm, 'several-condition-rounds').fill('2');
      await byId(gm, 'several-condition-add').click();
      await script.waitFor((v) => frightened(v) === 4);
      await expect.poll(() => gm.locator('[data-testid="roster-row"][data-selected="true"] [data-testid="condition"]').allTextContents()).toEqual(
        four.map(() => 'Frightened (2 rounds)'),
      );
      await byId(gm, 'undo').click();
      await script.waitFor((v) => frightened(v) === 0);
      await byId(gm, 'redo').click();
      await script.waitFor((v) => frightened(v) === 4);

      // Select the 17th again: its health is what must stay in sight, turn after turn.
      await tapOrClick(seventeenth.getByTestId('row-name'));
      const slots = script.view.order.length;
      const region = byId(gm, 'list-region');
      for (let turn = 1; turn <= ROUNDS * slots; turn++) {
        await nextTurn(gm, size);
        const at = `round ${script.view.round}, turn ${((turn - 1) % slots) + 1} after Next turn`;
        const current = gm.locator('[data-testid="order"] [data-current="true"]').first();
        await expectInView(gm, current, `the current turn's row (${at})`, region);
        await expectInView(gm, byId(gm, 'current-turn'), `who acts (${at})`);
        await expectInView(gm, byId(gm, 'next-turn'), `Next turn (${at})`);
        await expectInView(gm, byId(gm, 'undo'), `Undo (${at})`);
        await expectInView(gm, byId(gm, 'redo'), `Redo (${at})`);
        await expectInView(gm, byId(gm, 'detail-health'), `${name}'s health (${at})`);
        expect(await pageOverflow(gm), `the page does not scroll (${at})`).toBeLessThanOrEqual(0);
        if (turn === slots + 3) await screenshot(gm, size);
      }
      expect(script.view.round).toBe(ROUNDS + 1);
    });
  }

  it('the adding panel is open in setup and folds when initiative is called; Open initiative and Start combat are in sight', async () => {
    const script = await GmScript.create(server().baseUrl, 'Setting up');
    scripts.push(script);
    await script.add({ name: 'Aria', side: 'pc', stats: { dex: 16 } }, { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, count: 4 });
    const watched = await pagesAt(SIZES[0]!.context).console(script);
    opened.push(watched);
    const gm = watched.page;
    expect(await byId(gm, 'add-panel').getAttribute('open')).toBe('');
    await expectInView(gm, byId(gm, 'add-name'), 'the add form');
    await expectInView(gm, byId(gm, 'open-initiative'), 'Open initiative');
    await gm.screenshot({ path: join(ARTIFACTS, 'console-setup.png'), animations: 'disabled' });
    await byId(gm, 'open-initiative').click();
    await byId(gm, 'start-combat').waitFor();
    await expect.poll(() => byId(gm, 'add-panel').getAttribute('open')).toBeNull();
    await gm.screenshot({ path: join(ARTIFACTS, 'console-initiative.png'), animations: 'disabled' });
    await expectInView(gm, byId(gm, 'start-combat'), 'Start combat');
    // Reinforcements: one click opens it again, and it stays open.
    await byId(gm, 'add-combatants').click();
    await byId(gm, 'add-name').fill('Hobgoblin');
    await byId(gm, 'add-submit').click();
    await gm.locator('[data-testid="roster-row"][data-name="Hobgoblin"]').waitFor();
    expect(await byId(gm, 'add-panel').getAttribute('open')).toBe('');
  });

  it('a round from the keyboard alone: find, damage, heal, undo, the shortcut sheet, Next turn; never inside a field', async () => {
    const script = await twentyCombatants();
    const pages = pagesAt(SIZES[0]!.context);
    const watched = await pages.console(script);
    opened.push(watched);
    const gm = watched.page;
    await rows(gm).nth(19).waitFor();
    const keys = gm.keyboard;
    /** Waits for the GM's view to show `what`, saying which step did not arrive and what the page shows. */
    const until = async (what: string, predicate: (v: EncounterView) => boolean) => {
      try {
        await script.waitFor(predicate);
      } catch (error) {
        await gm.screenshot({ path: join(ARTIFACTS, 'console-keyboard-failed.png') });
        throw new Error(`${what}: ${String(error)}; focus on ${await gm.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`, { cause: error });
      }
    };

    await keys.press('Shift+?');
    await byId(gm, 'shortcut-sheet').waitFor({ state: 'visible' });
    await keys.press('Escape');
    await byId(gm, 'shortcut-sheet').waitFor({ state: 'hidden' });

    // Find the ogre by name, damage it.
    await keys.press('/');
    await keys.type('ogr');
    await keys.press('Enter');
    await gm.locator('[data-testid="detail"][data-name="Ogre"]').waitFor();
    await keys.type('d5\n');
    await until('the ogre damaged by 5', (v) => hp(v, 'Ogre') === 54);
    await entryDone(gm);

    // ↓ (↑ from the last row): the next row in the list; heal it after damaging it.
    const ogreAt = await rows(gm).evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-name') === 'Ogre'));
    const step = ogreAt < 19 ? 1 : -1;
    const below = (await rows(gm).nth(ogreAt + step).getAttribute('data-name')) ?? '';
    await keys.press(step === 1 ? 'ArrowDown' : 'ArrowUp');
    await gm.locator(`[data-testid="detail"][data-name="${below}"]`).waitFor();
    const full = currentHp(script, below) ?? 0;
    await keys.type('-4\n');
    await until(`${below} damaged by 4`, (v) => hp(v, below) === full - 4);
    await entryDone(gm);
    await keys.type('h1\n');
    await until(`${below} healed by 1`, (v) => hp(v, below) === full - 3);
    await entryDone(gm);
    // Ctrl+Z undoes the heal, Ctrl+Shift+Z does it again.
    await keys.press('Control+z');
    await until('the heal undone', (v) => hp(v, below) === full - 4);
    // The console's own view must have the undo too (the script's socket may hear it first): Redo is live then.
    await gm.locator('[data-testid="redo"]:not([disabled])').waitFor();
    await keys.press('Control+Shift+z');
    await until('the heal redone', (v) => hp(v, below) === full - 3);

    // Inside a field, N is a letter: the find box takes it, the turn stays.
    const turn = await turnKey(gm);
    await keys.press('f');
    await keys.type('n');
    expect(await byId(gm, 'find').inputValue()).toBe('n');
    expect(await turnKey(gm)).toBe(turn);
    await keys.press('Escape');

    // A whole round with N.
    const round = script.view.round;
    for (let i = 0; i < script.view.order.length; i++) await nextTurn(gm, null);
    await until('the next round', (v) => v.round === round + 1);
  });
});

async function screenshot(gm: Page, size: Size): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await gm.screenshot({ path: join(ARTIFACTS, size.shot), animations: 'disabled' });
  if (process.env['UPDATE_SCREENSHOTS'] === '1') await copyFile(join(ARTIFACTS, size.shot), join(DOC_SCREENSHOTS, size.shot));
}
