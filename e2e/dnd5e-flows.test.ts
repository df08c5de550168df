// D&D 5e's own controls through the real pages (rule ids: packages/rules/SPEC.md): named sources of
// advantage and disadvantage from a phone (real dice) and from the console (DND-23), and surprise
// worked out from Stealth against passive Perception on the console (DND-24). Each test plays a new
// encounter over the API up to where it begins, then opens the pages; entered dice and scores make
// every result known in advance.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { unexplainedDisabled } from './support/checks.js';
import { GmScript } from './support/gm-script.js';
import { byId, waitForText, type Table } from './support/table.js';
import { serverAndPages } from './support/suite.js';

const { server, pages } = serverAndPages('dnd5e');
const scripts: GmScript[] = [];

const logLine = (gm: Page, text: string) => gm.locator('[data-testid="log-line"]', { hasText: text }).first();

/** Aria (Dex 16, +3) and Borin (Dex 10) seated, two Goblins (Dex 14); players may type real dice; `open`: initiative opened. */
async function dnd5eTable(open: boolean): Promise<Table> {
  const script = await GmScript.create(server().baseUrl, 'dnd5e flows', 'dnd5e');
  scripts.push(script);
  await script.add(
    { name: 'Aria', side: 'pc', stats: { dex: 16 } },
    { name: 'Borin', side: 'pc', stats: { dex: 10 } },
    { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, count: 2 },
  );
  await script.send({ type: 'set-options', options: { physicalDice: 'everyone' } });
  if (open) await script.send({ type: 'begin-initiative' });
  return pages().table(script, ['Aria', 'Borin']);
}

describe('dnd5e flows on the pages: advantage sources, Stealth against passive Perception', () => {
  afterEach(async () => {
    for (const page of pages().used) {
      expect(page.errors).toEqual([]);
      if (!page.page.isClosed()) expect(await unexplainedDisabled(page.page), 'disabled buttons that do not say why').toEqual([]);
    }
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('[DND-23] Aria names two sources of advantage on her phone and types her two real d20s: one extra die, the higher kept', async () => {
    const table = await dnd5eTable(true);
    const aria = table.players.get('Aria')!.page;
    // A second way to roll, folded on the phone (issue 28): opened by its summary.
    await byId(aria, 'dnd5e-sources-toggle').tap();
    const form = byId(aria, 'dnd5e-sources');
    await form.waitFor();
    await byId(aria, 'dnd5e-advantage').fill('Feral Instinct, Bless');
    // Several sources of advantage never stack: still two d20s.
    await waitForText(aria, 'dnd5e-sources-why', 'Aria: Advantage (Feral Instinct, Bless): two d20, the higher');
    await byId(aria, 'dnd5e-sources-real').check();
    const faces = byId(aria, 'dnd5e-sources-face');
    expect(await faces.count()).toBe(2);
    expect(await unexplainedDisabled(aria), 'the roll button says it waits for the dice').toEqual([]);
    await faces.nth(0).fill('4');
    await faces.nth(1).fill('15');
    await byId(aria, 'dnd5e-sources-roll').tap();
    // 15 + 3: the GM's log says why, then the roll with both faces.
    const gm = table.gm.page;
    await logLine(gm, 'Aria: Advantage (Feral Instinct, Bless): two d20, the higher').waitFor();
    await logLine(gm, 'Aria rolled 18: d20 4 / 15 (advantage) + 3 = 18, real dice').waitFor();
    await form.waitFor({ state: 'detached' });
  });

  it('[DND-23] the GM rolls the Goblins with a source of each: they cancel, one d20', async () => {
    const table = await dnd5eTable(true);
    const gm = table.gm.page;
    await byId(gm, 'dnd5e-sources-unit').selectOption({ label: 'Goblin ×2' });
    await byId(gm, 'dnd5e-advantage').fill('Hidden');
    await byId(gm, 'dnd5e-disadvantage').fill('Restrained, Frightened');
    await waitForText(gm, 'dnd5e-sources-why', 'Goblin ×2: Advantage (Hidden) and disadvantage (Restrained, Frightened) cancel: one d20');
    await byId(gm, 'dnd5e-sources-roll').click();
    await logLine(gm, 'Goblin ×2: Advantage (Hidden) and disadvantage (Restrained, Frightened) cancel: one d20').waitFor();
    const rolled = logLine(gm, 'Goblin ×2 rolled');
    await rolled.waitFor();
    // One die, no mode: "d20 n + 2 = …".
    expect(await rolled.textContent()).toMatch(/Goblin ×2 rolled \d+: d20 \d+ \+ 2 = \d+$/);
  });

  it('[DND-24] Stealth against passive Perception on the console: Borin notices neither Goblin and is surprised, Aria spots one', async () => {
    const table = await dnd5eTable(false);
    const gm = table.gm.page;
    for (const goblin of ['Goblin 1', 'Goblin 2']) await byId(gm, `sneaks-${goblin}`).check();
    await gm.getByLabel('Goblin 1 Stealth total').fill('15');
    await gm.getByLabel('Goblin 2 Stealth total').fill('11');
    await gm.getByLabel('Aria passive Perception').fill('12');
    await gm.getByLabel('Borin passive Perception').fill('10');
    await byId(gm, 'resolve-surprise').click();
    // Borin's 10 is met by both checks; Aria's 12 beats Goblin 2's 11.
    await gm.locator('[data-testid="surprised-Borin"]:checked').waitFor();
    expect(await byId(gm, 'surprised-Aria').isChecked()).toBe(false);
    expect(await byId(gm, 'surprised-Goblin 1').isChecked()).toBe(false);
    await logLine(gm, 'Stealth against passive Perception: Goblin 1 15, Goblin 2 11').waitFor();
    const borin = table.players.get('Borin')!.page;
    await waitForText(borin, 'my-surprise', 'Borin is surprised: no move or action on the first turn.');
    expect(await byId(table.players.get('Aria')!.page, 'my-surprise').count()).toBe(0);
    // The manual mark stays the GM's override.
    await byId(gm, 'surprised-Borin').uncheck();
    await byId(borin, 'my-surprise').waitFor({ state: 'detached' });
  });
});
