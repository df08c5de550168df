import { readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { EncounterView } from '../packages/rules/src/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { heapAfterGc, horizontalOverflow, unnamedControls } from './support/checks.js';
import { addTestStyle, LAPTOP, openPage, type WatchedPage } from './support/browser.js';
import { contrastFailures, describeFailure, type ContrastOptions, type ContrastReport } from './support/contrast.js';
import { GmScript } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';

const DOC_SCREENSHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const WIDTHS = [360, 768, 1280, 1920] as const;
const HEIGHT = 900;
const HIDDEN_NAME = 'Assassin';
/** Turns played before the first heap sample, so that lazily created things exist in both samples. */
const WARM_UP_TURNS = 50;
const LONG_RUN_TURNS = 500;
/** What the overlay may gain over 500 turns: far below what keeping each view (a few KB) would cost. */
const MAX_HEAP_GROWTH_BYTES = 1.5 * 1024 * 1024;
const MAX_DOM_NODE_GROWTH = 50;
const SPOILER_DELAY_S = 1.5;

// Undo, redo and conditions go through the protocol's command schema; the rules have them before
// the protocol package accepts them, and until then the server refuses them as malformed.
const PROTOCOL_COMMANDS = readFileSync(fileURLToPath(new URL('../packages/protocol/src/commands.ts', import.meta.url)), 'utf8');
const protocolAccepts = (type: string) => PROTOCOL_COMMANDS.includes(`z.literal('${type}')`);

const { server, browser, pages } = serverAndPages('clients', { gm: { viewport: { width: 1280, height: HEIGHT } } });
const scripts: GmScript[] = [];

const byId = (page: Page, id: string) => page.getByTestId(id);
const turnKey = (page: Page) => page.getByTestId('order').getAttribute('data-turn');

/**
 * Each test's own stream: the encounter played by a GM script (Aria seated, combat started), and the
 * pages it opens on it; the GM console's page, when open, sees the hidden combatant's turns.
 */
interface Stream {
  readonly script: GmScript;
  readonly gm?: WatchedPage;
}

async function newStream(): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, 'Bridge of Khazad');
  scripts.push(script);
  await script.add(
    { name: 'Aria', side: 'pc', stats: { dex: 16, initBonus: 0 } },
    { name: 'Borin', side: 'pc', stats: { dex: 12, initBonus: 0 } },
    { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, count: 3 },
    { name: HIDDEN_NAME, side: 'enemy', stats: { dex: 18, initBonus: 0 }, hidden: true },
  );
  await script.seat('Aria');
  await script.startCombat();
  return script;
}

/** A new stream with the GM's console (as the laptop that created it has it), Aria's phone and the overlay. */
async function openStream(): Promise<Stream & { gm: WatchedPage; player: WatchedPage; overlay: WatchedPage }> {
  const script = await newStream();
  const [gm, player, overlay] = await Promise.all([pages().console(script), pages().phone(script, 'Aria'), pages().overlay(script)]);
  const stream = { script, gm, player, overlay };
  await allShowCurrentTurn(stream, gm, player, overlay);
  return stream;
}

/** The order's `data-turn` as the GM sees it, and as players and spectators do (nothing during a hidden turn). */
const gmKey = (view: EncounterView) => (view.turn ? `${view.round}:${view.turn.slotId}` : '');
function publicKey(view: EncounterView): string {
  const hiddenTurn = view.turn?.actorIds.every((id) => view.combatants.find((c) => c.id === id)?.hidden);
  return hiddenTurn ? '' : gmKey(view);
}

/** Waits until every page shows the script's current turn, each as its audience sees it. */
async function allShowCurrentTurn({ script, gm }: Stream, ...shown: WatchedPage[]): Promise<void> {
  const view = script.view;
  for (const watched of shown) await waitForTurn(watched.page, watched === gm ? gmKey(view) : publicKey(view));
}

async function waitForTurn(page: Page, key: string | null): Promise<void> {
  await page.waitForFunction((k) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') === k, key);
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Fails, with one readable line per element, when any text on the page is below WCAG AA contrast. */
async function expectAaContrast(page: Page, label: string, options?: ContrastOptions): Promise<ContrastReport> {
  const report = await contrastFailures(page, options);
  expect(report.checked, `${label}: no text was judged`).toBeGreaterThan(0);
  // Soft: one run lists every page and width that fails, not just the first.
  expect.soft(report.failures.map(describeFailure), `${label}: text below WCAG AA contrast`).toEqual([]);
  return report;
}

/** Another overlay of the stream (its own page, `key`), in the layout and theme `query` asks for. */
async function openOverlay(script: GmScript, query: string, key: string): Promise<WatchedPage> {
  const watched = await pages().overlay(script, query, key);
  await byId(watched.page, 'order').waitFor();
  return watched;
}

describe('the clients at every size, over a long stream', () => {
  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('fits every width from 360 to 1920 px, and every control has an accessible name', async () => {
    const { gm, player, overlay } = await openStream();
    // The overlay is transparent; stand in for the stream's scene so the screenshots show what viewers see.
    await addTestStyle(overlay.page, 'html { background: #2f4a3c !important; }');
    const sized: [string, Page][] = [['gm', gm.page], ['player', player.page], ['overlay', overlay.page]];
    const copies: string[] = [];
    for (const [name, page] of sized) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await nextFrame(page);
        const overflow = await horizontalOverflow(page);
        expect(overflow.px, `${name} at ${width} px scrolls sideways: ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(0);
        const file = `${name}-${width}.png`;
        await page.screenshot({ path: join(ARTIFACTS, file), animations: 'disabled' });
        copies.push(file);
      }
      expect(await unnamedControls(page), `${name}: controls without an accessible name`).toEqual([]);
    }
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      await mkdir(DOC_SCREENSHOTS, { recursive: true });
      for (const file of copies) await copyFile(join(ARTIFACTS, file), join(DOC_SCREENSHOTS, file));
    }
  });

  it('keeps text at WCAG AA contrast on the console, the phone (on its turn too) and the overlay in both themes', async () => {
    const stream = await openStream();
    const { script, gm, player, overlay } = stream;
    const overlays = [await openOverlay(script, '?theme=dark', 'overlay dark'), await openOverlay(script, '?theme=light', 'overlay light')];
    const judged: [string, Page, ContrastOptions][] = [
      ['gm', gm.page, {}],
      ['player', player.page, {}],
      // Over video in OBS: only text on the overlay's own panels can be judged (see contrastFailures).
      ['overlay dark', overlays[0]!.page, { transparentPage: true }],
      ['overlay light', overlays[1]!.page, { transparentPage: true }],
    ];
    // Every width: the overlay's type scales with it, and large text (≥ 24 px) needs only 3:1.
    for (const [name, page, options] of judged) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await nextFrame(page);
        const report = await expectAaContrast(page, `${name} at ${width} px`, options);
        if (width === 1920) {
          const bare = options.transparentPage ? `, ${report.skippedTransparent} over the bare scene skipped` : '';
          console.log(`${name}: ${report.checked} texts judged${bare}, ${report.skippedImage} on an image or gradient skipped`);
        }
      }
    }
    await gm.page.setViewportSize({ width: 1280, height: HEIGHT });
    await player.page.setViewportSize({ width: 360, height: 740 });
    for (const o of overlays) await o.page.setViewportSize({ width: 360, height: HEIGHT });

    // A whole round, so that every slot is the current one once (its highlight is another panel),
    // the phone's own turn among them (the banner, the end-turn button). The overlays are judged at 360 px,
    // where their type is smallest and the least of it is large text.
    const aria = script.view.combatants.find((c) => c.name === 'Aria')?.id;
    let sawOwnTurn = false;
    for (let turn = 0; turn < script.view.order.length; turn++) {
      await script.endTurns(1);
      const view = script.view;
      await allShowCurrentTurn(stream, gm, player, overlay);
      for (const o of overlays) await waitForTurn(o.page, publicKey(view));
      const ownTurn = !!aria && !!view.turn?.actorIds.includes(aria);
      if (ownTurn) await byId(player.page, 'your-turn-banner').waitFor();
      sawOwnTurn ||= ownTurn;
      const at = `on turn ${gmKey(view)}`;
      for (const [name, page, options] of judged) await expectAaContrast(page, `${name} ${at}`, options);
    }
    expect(sawOwnTurn, "the round passed the phone's own turn").toBe(true);
  });

  it('the contrast check reports low contrast and skips what it cannot judge', async () => {
    const script = await newStream();
    const player = await pages().phone(script, 'Aria');
    // Dark grey on the phone's black (the name is large text: 3:1 needed).
    const grey = await addTestStyle(player.page, '[data-testid="my-name"] { color: #333 !important; }');
    const phone = await contrastFailures(player.page);
    await grey();
    expect(phone.failures.map(describeFailure)).toContainEqual('p.who[data-testid=my-name] "Aria": #333333 on #000000 = 1.66:1 (needs 3)');

    // The overlay: light slots under the dark theme's light text fail whatever the scene; the round
    // badge without its panel has only the scene under it, so it is counted, not judged.
    const dark = await openOverlay(script, '?theme=dark', 'overlay dark');
    const before = await contrastFailures(dark.page, { transparentPage: true });
    await addTestStyle(dark.page, '.slot { background: rgba(255, 255, 255, 0.6) !important; } .round { background: none !important; }');
    const after = await contrastFailures(dark.page, { transparentPage: true });
    expect(before.failures).toEqual([]);
    expect(after.skippedTransparent).toBeGreaterThanOrEqual(before.skippedTransparent + 2);
    expect(after.failures.map((f) => f.element)).toContain('span.label');

    // The arithmetic at the AA boundary, and each kind of skip, on a page of its own.
    const blank = await openPage(browser(), LAPTOP);
    await blank.page.setContent(`
      <p id="pass" style="color:#767676">4.54:1</p>
      <p id="fail" style="color:#777">4.48:1</p>
      <p id="large" style="color:#777;font-size:24px">4.48:1, large</p>
      <div style="background:rgba(0,0,0,0.5)"><span id="half" style="color:#fff">white on half black over white</span></div>
      <p id="faded" style="opacity:0.5">black at half opacity</p>
      <button disabled style="color:#eee;background:#fff">disabled</button>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);color:#eee">screen reader only</span>
      <p style="visibility:hidden;color:#eee">hidden</p>
      <p style="background:linear-gradient(#fff,#000);color:#777">on a gradient</p>
      <input style="color:#eee" value="typed">`);
    const fixture = await contrastFailures(blank.page);
    await blank.page.context().close();
    expect(fixture.failures.map(describeFailure)).toEqual([
      'p#fail "4.48:1": #777777 on #ffffff = 4.47:1 (needs 4.5)',
      'span#half "white on half black over white": #ffffff on #808080 = 3.97:1 (needs 4.5)',
      'p#faded "black at half opacity": #808080 on #ffffff = 3.97:1 (needs 4.5)',
      'input "typed": #eeeeee on #ffffff = 1.16:1 (needs 4.5)',
    ]);
    expect(fixture).toMatchObject({ checked: 6, skippedImage: 1, skippedTransparent: 0 });
  });

  it('shows the seed commitment, logs turns, and duplicates a hidden combatant as hidden', async () => {
    const stream = await openStream();
    const { script, gm, player, overlay } = stream;
    expect(await byId(gm.page, 'seed-commitment').textContent()).toBe(script.view.seedCommitment);
    const before = script.version;
    await byId(gm.page, 'next-turn').click();
    await script.waitFor(() => script.version > before);
    await allShowCurrentTurn(stream, gm, player, overlay);
    await gm.page.locator('[data-testid="log-line"][data-kind="turn"]').first().waitFor();

    // Copy is on the creature's detail, opened by selecting its row.
    await gm.page.locator(`[data-testid="roster-row"][data-name="${HIDDEN_NAME}"] [data-testid="row-name"]`).click();
    await gm.page.locator(`[data-testid="detail"][data-name="${HIDDEN_NAME}"] [data-testid="duplicate"]`).click();
    const copy = gm.page.locator(`[data-testid="roster-row"][data-name="${HIDDEN_NAME} 2"]`);
    await copy.waitFor();
    expect(await copy.getByTestId('toggle-hidden').getAttribute('aria-pressed')).toBe('true');
    await gm.page.locator('[data-testid="log-line"]', { hasText: `Added ${HIDDEN_NAME} 2 (hidden)` }).waitFor();
    for (const page of [player, overlay]) expect(page.frames.filter((f) => f.includes(HIDDEN_NAME))).toEqual([]);
  });

  it.skipIf(!['undo', 'redo', 'add-condition', 'remove-condition', 'set-resource', 'spend-resource'].every(protocolAccepts))(
    'undo and redo from the keyboard, conditions and AP reach the player and the overlay',
    async () => {
      const stream = await openStream();
      const { script, gm, player, overlay } = stream;
      const start = gmKey(script.view);
      await byId(gm.page, 'next-turn').click();
      const forward = gmKey(await script.waitFor((view) => gmKey(view) !== start));
      await allShowCurrentTurn(stream, gm, player, overlay);
      // The shortcut works wherever focus is, but in a text field (where Ctrl+Z undoes typing).
      await gm.page.locator('body').click({ position: { x: 5, y: 5 } });
      await gm.page.keyboard.press('Control+z');
      await script.waitFor((view) => gmKey(view) === start);
      await allShowCurrentTurn(stream, gm, player, overlay);
      await gm.page.keyboard.press('Control+Shift+z');
      await script.waitFor((view) => gmKey(view) === forward);
      await allShowCurrentTurn(stream, gm, player, overlay);

      // Conditions and pools are set on the creature's detail, opened by selecting its row.
      await gm.page.locator('[data-testid="roster-row"][data-name="Aria"] [data-testid="row-name"]').click();
      const row = gm.page.locator('[data-testid="detail"][data-name="Aria"]');
      await row.getByTestId('condition-name').fill('Poisoned');
      await row.getByTestId('condition-rounds').fill('2');
      await row.getByTestId('condition-add').click();
      await byId(player.page, 'my-condition').filter({ hasText: 'Poisoned' }).waitFor();
      await overlay.page.locator('.condition', { hasText: 'Poisoned' }).waitFor();
      await row.getByTestId('condition-remove').click();
      await byId(player.page, 'my-condition').waitFor({ state: 'detached' });

      // Resources (AP): shown to their player, who spends them; the GM sees the change.
      await row.locator('summary', { hasText: 'Set a pool' }).click();
      await row.getByTestId('resource-max').fill('3');
      await row.getByTestId('resource-set').click();
      await byId(player.page, 'my-resource').filter({ hasText: 'AP 3 / 3' }).waitFor();
      await byId(player.page, 'spend-resource').tap();
      await byId(player.page, 'my-resource').filter({ hasText: 'AP 2 / 3' }).waitFor();
      await row.getByTestId('resource').filter({ hasText: 'AP 2/3' }).waitFor();
      await row.getByRole('button', { name: 'AP of Aria plus 1' }).click();
      await byId(player.page, 'my-resource').filter({ hasText: 'AP 3 / 3' }).waitFor();
    },
  );

  it('holds views back by the spoiler delay in the compact light layout', async () => {
    const script = await newStream();
    const stream = { script };
    const [overlay, delayed] = await Promise.all([
      pages().overlay(script),
      openOverlay(script, `?layout=compact&theme=light&delay=${SPOILER_DELAY_S}`, 'overlay delayed'),
    ]);
    await allShowCurrentTurn(stream, overlay);
    // Move on to a turn the spectators can see, so that the change shows.
    do await script.endTurns(1);
    while (publicKey(script.view) === '');
    await waitForTurn(delayed.page, publicKey(script.view));
    expect(await delayed.page.locator('[data-testid="order-slot"]').count()).toBeLessThanOrEqual(4);
    const shown = publicKey(script.view);
    do await script.endTurns(1);
    while (publicKey(script.view) === '');
    await allShowCurrentTurn(stream, overlay);
    expect(await turnKey(delayed.page), 'the delayed overlay still shows the turn before').toBe(shown);
    await waitForTurn(delayed.page, publicKey(script.view));
    await addTestStyle(delayed.page, 'html { background: #2f4a3c !important; }');
    await delayed.page.screenshot({ path: join(ARTIFACTS, 'overlay-compact.png'), animations: 'disabled' });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') await copyFile(join(ARTIFACTS, 'overlay-compact.png'), join(DOC_SCREENSHOTS, 'overlay-compact.png'));
  });

  it('asks the GM where a newcomer who ties mid-combat goes, and moves it there', async () => {
    const script = await newStream();
    const gm = await pages().console(script);
    const aria = script.view.combatants.find((c) => c.name === 'Aria');
    const kept = aria?.initiative?.kept;
    if (!aria || kept === undefined) throw new Error('Aria has no roll');
    // Same Dex as Aria and the same face on a real die: the totals tie.
    await script.add({ name: 'Scout', side: 'enemy', stats: { dex: 16, initBonus: 0 } });
    const scout = script.view.combatants.find((c) => c.name === 'Scout');
    if (!scout) throw new Error('no Scout');
    await script.send({ type: 'enter-initiative', unit: { kind: 'combatant', id: scout.id }, faces: [kept] });
    const slotOf = (view: EncounterView) => view.order.findIndex((s) => s.unit?.kind === 'combatant' && s.unit.id === scout.id);
    const placed = slotOf(script.view);
    expect(script.view.pending.some((p) => p.kind === 'newcomer-tie')).toBe(true);
    // Placed after those it ties with for now; the GM moves it up one place and confirms.
    const tie = byId(gm.page, 'tie');
    await tie.getByRole('button', { name: 'Move Scout up' }).click();
    await tie.getByTestId('tie-confirm').click();
    const settled = await script.waitFor((view) => !view.pending.some((p) => p.kind === 'newcomer-tie'));
    expect(slotOf(settled)).toBe(placed - 1);
    await tie.waitFor({ state: 'detached' });
  });

  it(`keeps the overlay's memory flat over ${LONG_RUN_TURNS} turns`, async () => {
    // Only the overlay is open: the stream's browser source is alone in its process, too.
    const script = await newStream();
    const overlay = await pages().overlay(script);
    await pages().closeAllBut(overlay);
    const settle = () => allShowCurrentTurn({ script }, overlay);
    await script.endTurns(WARM_UP_TURNS);
    await settle();
    const before = await heapAfterGc(overlay.page);
    const started = Date.now();
    await script.endTurns(LONG_RUN_TURNS);
    await settle();
    const after = await heapAfterGc(overlay.page);
    console.log(`overlay over ${LONG_RUN_TURNS} turns in ${Date.now() - started} ms: heap ${before.usedBytes} → ${after.usedBytes} bytes, DOM nodes ${before.nodes} → ${after.nodes}, listeners ${before.listeners} → ${after.listeners}`);
    expect(after.usedBytes - before.usedBytes).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
    expect(after.nodes - before.nodes).toBeLessThan(MAX_DOM_NODE_GROWTH);
    expect(after.listeners).toBeLessThanOrEqual(before.listeners);
    expect(overlay.errors).toEqual([]);
  });
});
