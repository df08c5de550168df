// dc20's first PC turn of round 1 through the real pages (the frame and stages: e2e/support/dc20-flow.ts):
// the GM places the enemies, both phones claim the turn with equal results and share it from a phone, the
// merge it offers (end-turn waits for it, Legendary AP refused meanwhile), and a round-1 benefit marked
// used on a phone.
import { describe, expect, it } from 'vitest';
import { dc20Suite, enemyTurns, gmRefused } from './support/dc20-flow.js';
import { benefitsOn, candidatesOn, currentActors, textsOf, waitToShow, waitToVanish } from './support/dc20-pages.js';
import { byId } from './support/table.js';

describe("dc20's first PC turn across the GM console, two phones and the overlay", () => {
  const { pages, dc20At, consoleOf, phoneOf } = dc20Suite('dc20-first-pc-turn');

  it('[DC20-17] [DC20-18] before the first PC turn is decided, the GM puts the Goblin on Enemy turn 2 and the Ogre on turn 4', async () => {
    const gm = await consoleOf(await dc20At('round 1'));
    for (const [turn, name] of [[0, 'Goblin'], [1, 'Ogre']] as const) {
      const row = byId(gm, 'dc20-enemy-turn').nth(turn);
      await row.getByTestId('dc20-assign-choice').selectOption({ label: name });
      await row.getByTestId('dc20-assign').click();
    }
    await waitToShow(gm, 'dc20-enemy-turn-what', 'Turn 4 · Enemy 1: Ogre');
    expect(await enemyTurns(gm)).toEqual(['Turn 2 · Enemy 1: Goblin', 'Turn 4 · Enemy 1: Ogre']);
    // The PC turn still waits for the PC team.
    expect(await candidatesOn(gm)).toEqual(['Aria: thinking', 'Borin: thinking']);
  });

  it('[DC20-15] (issue 28) the first PC turn waiting to be claimed is the overlay\'s current row, marked open, and the phones\' Now', async () => {
    const script = await dc20At('enemies placed');
    const table = await pages().table(script, ['Aria', 'Borin']);
    const row = table.overlay.page.locator('[data-testid="order-slot"][data-current="true"]');
    await row.waitFor();
    expect(await row.getAttribute('data-open')).toBe('true');
    expect(await row.getByTestId('slot-waiting').textContent()).toBe('open: waiting for a PC to take it');
    for (const phone of [table.players.get('Aria')!.page, table.players.get('Borin')!.page]) {
      await waitToShow(phone, 'slot-waiting', 'open: waiting for a PC to take it');
    }
  });

  it('[DC20-15] [DC20-16] both phones claim the first PC turn with equal results: a tie, shared from Aria\'s phone', async () => {
    const script = await dc20At('enemies placed');
    const table = await pages().table(script, ['Aria', 'Borin']);
    const [gm, aria, borin, overlay] = [table.gm.page, table.players.get('Aria')!.page, table.players.get('Borin')!.page, table.overlay.page];
    await aria.getByTestId('dc20-claims').getByTestId('dc20-claim').tap();
    // Borin, silent, could still match Aria's 22: the turn waits for him.
    await waitToShow(gm, 'dc20-candidate', 'Aria: claim');
    expect(await candidatesOn(gm)).toEqual(['Aria: claim', 'Borin: thinking']);
    // One button for one action: the phone's claim is the dc20 panel's, not a second "Take this turn".
    expect(await byId(borin, 'take-turn').count()).toBe(0);
    await borin.getByTestId('dc20-claims').getByTestId('dc20-claim').tap();
    expect(await waitToShow(borin, 'dc20-tie', /^Aria and Borin tied/)).toHaveLength(1);
    await waitToShow(aria, 'dc20-tie', /^Aria and Borin tied/);
    await byId(aria, 'dc20-share').tap();

    for (const phone of [aria, borin]) await byId(phone, 'your-turn-banner').waitFor();
    expect(await waitToShow(gm, 'current-turn', 'Aria & Borin')).toEqual(['Aria & Borin']);
    expect(await currentActors(overlay, 'Aria & Borin')).toBe('Aria & Borin');
    expect(await byId(gm, 'dc20-tie').count()).toBe(0);
  });

  it('[DC20-25] [DC20-38] the shared turn offers a merge (end-turn waits for it); LAP are refused during a PC turn; merged, turn 4 is empty', async () => {
    const gm = await consoleOf(await dc20At('the first PC turn shared'));
    await byId(gm, 'dc20-merge').waitFor();
    expect(await textsOf(gm, 'dc20-merge-team')).toEqual(['Merge Enemy 1']);
    await byId(gm, 'next-turn').click();
    expect(await gmRefused(gm, /merge the next two enemy turns/)).toMatch(/This PC turn is shared/);

    const ogre = gm.locator('[data-testid="dc20-lap-row"][data-name="Ogre"]');
    expect(await ogre.getByTestId('dc20-lap-left').textContent()).toBe('2/2');
    await ogre.getByTestId('dc20-spend-lap').click();
    expect(await gmRefused(gm, /in-between the PCs' turns/)).toMatch(/not during one/);
    expect(await ogre.getByTestId('dc20-lap-left').textContent()).toBe('2/2');

    await byId(gm, 'dc20-merge-team').click();
    await waitToVanish(gm, '[data-testid="dc20-merge"]');
    expect(await waitToShow(gm, 'dc20-enemy-turn-what', 'Turn 4 · Enemy 1: empty')).toEqual([
      'Turn 2 · Enemy 1: Goblin, Ogre',
      'Turn 4 · Enemy 1: empty',
    ]);
  });

  it('[DC20-10] Aria marks her round-1 ADV used from her phone; the GM sees it gone, the Inspiration Die stays', async () => {
    const script = await dc20At('the enemy turns merged');
    const [gm, aria] = await Promise.all([consoleOf(script), phoneOf(script, 'Aria')]);
    const adv = aria.locator('[data-testid="dc20-benefit"][data-kind="first-round-adv"]');
    expect(await adv.getByTestId('dc20-use-benefit').getAttribute('aria-label')).toBe('I used it: Aria, ADV on 1 Check or Save in round 1');
    // An Inspiration Die has its own button (roll it), not "used".
    expect(await aria.locator('[data-testid="dc20-benefit"][data-kind="inspiration-die"] [data-testid="dc20-use-benefit"]').count()).toBe(0);
    await adv.getByTestId('dc20-use-benefit').tap();

    expect(await waitToShow(aria, 'dc20-benefit-done', 'Aria: ADV on 1 Check or Save in round 1: used')).toHaveLength(1);
    expect(await benefitsOn(aria)).toEqual(['Aria: inspiration-die']);
    await waitToVanish(gm, '[data-testid="dc20-benefit"][data-kind="first-round-adv"]');
    expect((await benefitsOn(gm)).sort()).toEqual(['Aria: inspiration-die', 'Borin: inspiration-die']);
  });
});
