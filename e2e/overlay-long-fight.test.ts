// The overlay in a long fight (issue 28): twenty rows with long names at 1920×1080, the current turn
// inside the frame at every turn of a round; the ribbon's current chip clear of its neighbours; open
// slots (genesys, dc20) marked as open on the overlay and the phones, not as nobody acting.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewCombatant } from '../packages/rules/src/index.js';
import { addTestStyle } from './support/browser.js';
import { GmScript, statsFor } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';
import { byId } from './support/table.js';

const { server, pages } = serverAndPages('overlay-long-fight');
const scripts: GmScript[] = [];
afterAll(() => scripts.forEach((s) => s.close()));

const LONG = ['of the Silver Vale', 'the Unbroken Shieldwall', 'Who Walks Behind the Rain', 'from the Drowned Crypt'];
/** Twenty turns: six PCs and fourteen monsters (long names), a group of wolves among them, and one hidden monster besides. */
function twentyTurns(): NewCombatant[] {
  const pcs = ['Aria', 'Borin', 'Cyra', 'Dain', 'Elowen', 'Fenn'].map((n, i): NewCombatant => ({
    name: `${n} ${LONG[i % LONG.length]}`,
    side: 'pc',
    stats: statsFor('dnd5e', { dex: 10 + i }),
  }));
  const monsters = Array.from({ length: 13 }, (_, i): NewCombatant => ({
    name: `Cultist ${i + 1} ${LONG[i % LONG.length]}`,
    side: 'enemy',
    stats: statsFor('dnd5e', { dex: 8 + (i % 7) }),
    health: { max: 9 },
  }));
  return [
    ...pcs,
    ...monsters,
    { name: 'Dire Wolf', side: 'enemy', count: 3, stats: statsFor('dnd5e', { dex: 15 }), health: { max: 37 } },
    { name: 'Lurking Assassin', side: 'enemy', hidden: true, stats: statsFor('dnd5e', { dex: 16 }) },
  ];
}

/** Where the current row is, and the frame it must be inside (the viewport, and the list's own box when it clips). */
const currentPlace = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector('[data-testid="order-slot"][data-current="true"]');
    const list = document.querySelector('[data-testid="order"]');
    if (!row || !list) return null;
    const r = row.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, listTop: l.top, listBottom: l.bottom, height: window.innerHeight };
  });

/** True when the current row is wholly inside the frame and not cut off by the list. */
async function currentInFrame(page: Page): Promise<boolean> {
  const p = await currentPlace(page);
  return !!p && p.top >= 0 && p.bottom <= p.height && p.top >= p.listTop - 1 && p.bottom <= p.listBottom + 1;
}

async function fight(name: string): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, name);
  scripts.push(script);
  await script.add(...twentyTurns());
  await script.startCombat();
  return script;
}

/** Ends turns one by one through a whole round and calls `check` at each (the overlay showing that turn). */
async function everyTurn(script: GmScript, overlay: Page, check: (turn: number) => Promise<void>): Promise<void> {
  const turns = script.view.order.length;
  for (let turn = 0; turn <= turns; turn++) {
    const view = script.view;
    const slot = view.order.find((s) => s.id === view.turn?.slotId);
    const hidden = view.combatants.some((c) => c.hidden && slot?.unit?.id === c.id);
    if (hidden) {
      // The spectator does not see a hidden monster's turn.
      await script.endTurns(1);
      continue;
    }
    const key = `${view.round}:${view.turn?.slotId}`;
    await overlay.waitForFunction((k) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') === k, key);
    await check(turn);
    await script.endTurns(1);
  }
}

describe('the overlay in a twenty-turn fight', () => {
  it('[issue 28] the list keeps the current row inside the 1920×1080 frame at every turn of a round', async () => {
    const script = await fight('Twenty turns');
    expect(script.view.order.length).toBe(21);
    const { page } = await pages().overlay(script);
    await expect.poll(() => byId(page, 'order-slot').count()).toBe(20);
    const scene = await addTestStyle(page, 'html { background: #2f4a3c !important; }');
    const outside: string[] = [];
    await everyTurn(script, page, async (turn) => {
      // The list may glide to the new turn: give it the time an animation takes.
      await expect.poll(() => currentInFrame(page), { timeout: 2000 }).toBe(true).catch(async () => outside.push(`turn ${turn}: ${JSON.stringify(await currentPlace(page))}`));
      if (turn === 15) await page.screenshot({ path: join(ARTIFACTS, 'overlay-20-rows.png'), animations: 'disabled' });
    });
    await scene();
    expect(outside).toEqual([]);
    expect(await page.content()).not.toContain('Lurking Assassin');
  });

  it("[issue 28] the ribbon's current chip never covers a neighbour", async () => {
    const script = await fight('Twenty turns, ribbon');
    const { page } = await pages().overlay(script, '?layout=ribbon', 'ribbon');
    const overlaps = () =>
      page.evaluate(() => {
        const chips = [...document.querySelectorAll('[data-testid="order-slot"]')];
        const at = chips.findIndex((c) => c.getAttribute('data-current') === 'true');
        if (at < 0) return ['no current chip'];
        const r = chips[at]!.getBoundingClientRect();
        const hits = [chips[at - 1], chips[at + 1]].filter((n): n is Element => !!n).filter((n) => {
          const o = n.getBoundingClientRect();
          return r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom;
        });
        const out = r.bottom > window.innerHeight || r.right > window.innerWidth || r.left < 0 ? ['outside the frame'] : [];
        return [...hits.map((n) => `covers ${n.getAttribute('data-label')}`), ...out];
      });
    const found: string[] = [];
    await everyTurn(script, page, async (turn) => {
      // After the chip's transition, whatever it takes.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      for (const problem of await overlaps()) found.push(`turn ${turn}: ${problem}`);
    });
    await page.screenshot({ path: join(ARTIFACTS, 'overlay-ribbon-20.png') });
    expect(found).toEqual([]);
  });
});
