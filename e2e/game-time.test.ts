// [ENG-35] In-game time on the screens: the round's time on the console and the overlay where the system
// gives a round's length, and a condition given in minutes, counted in the rounds it covers.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GmScript } from './support/gm-script.js';
import { byId, waitForText } from './support/table.js';
import { serverAndPages } from './support/suite.js';

const { server, pages } = serverAndPages('game-time');
const scripts: GmScript[] = [];

async function fightInRound(system: 'dnd5e' | 'genesys', round: number): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, `Time in ${system}`, system);
  scripts.push(script);
  const stats: Record<string, number> = system === 'dnd5e' ? { dex: 14 } : {};
  await script.add({ name: 'Aria', side: 'pc', stats }, { name: 'Goblin', side: 'enemy', stats });
  await script.startCombat();
  while (script.view.round < round) await script.endTurns(1);
  return script;
}

describe('in-game time on the screens', () => {
  afterEach(() => {
    for (const { errors } of pages().used) expect(errors).toEqual([]);
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('[ENG-35] [DND-22] D&D 5e round 3 began 0:12 in, on the console and the overlay', async () => {
    const script = await fightInRound('dnd5e', 3);
    const gm = await pages().console(script);
    const overlay = await pages().overlay(script);
    await waitForText(gm.page, 'game-time', '0:12 in');
    await waitForText(overlay.page, 'game-time', '0:12 in');
  });

  it('[ENG-35] [DND-22] a condition given 1 minute on the console lasts 10 rounds of 6 seconds', async () => {
    const script = await fightInRound('dnd5e', 1);
    const gm = await pages().console(script);
    await gm.page.locator('[data-testid="roster-row"][data-name="Aria"] [data-testid="row-name"]').click();
    const row = gm.page.locator('[data-testid="detail"][data-name="Aria"]');
    await row.locator('[data-testid="condition-name"]').fill('Blessed');
    await row.locator('[data-testid="condition-rounds"]').fill('1');
    await row.locator('[data-testid="condition-unit"]').selectOption('minutes');
    await row.locator('[data-testid="condition-add"]').click();
    await expect.poll(() => row.locator('[data-testid="condition"]').textContent()).toContain('Blessed (10 rounds)');
  });

  it('[GEN-39] Genesys leaves a round open: no in-game time, durations in rounds only', async () => {
    const script = await fightInRound('genesys', 2);
    const gm = await pages().console(script);
    await waitForText(gm.page, 'round', '2');
    expect(await byId(gm.page, 'game-time').count()).toBe(0);
    expect(await gm.page.locator('[data-testid="condition-unit"]').count()).toBe(0);
  });
});
