// dc20's round 1 to its end and into round 2 through the real pages (the frame and stages:
// e2e/support/dc20-flow.ts): AP spent and a delay from a phone, the shared turn's end (AP regained, the
// delayed PC's not), Legendary AP one at a time, the round-end prompt for the leftover LAP, and round 2.
import { describe, expect, it } from 'vitest';
import { advance, dc20Suite, gmRefused } from './support/dc20-flow.js';
import { benefitsOn, currentActors, waitToShow, waitToVanish } from './support/dc20-pages.js';
import { allPagesShowRound, byId, textOf, type Table } from './support/table.js';

describe('dc20 from the shared turn to round 2 across the GM console, two phones and the overlay', () => {
  const { pages, dc20At, consoleOf, phoneOf, overlayOf } = dc20Suite('dc20-round-end');

  it('[DC20-19] [DC20-21] Borin spends 1 AP, then delays from his phone to the next PC turn; the shared turn goes on with Aria', async () => {
    const script = await dc20At("Aria's round-1 ADV used");
    const table = await pages().table(script, ['Aria', 'Borin']);
    const [gm, aria, borin, overlay] = [table.gm.page, table.players.get('Aria')!.page, table.players.get('Borin')!.page, table.overlay.page];
    expect(await waitToShow(borin, 'my-resource', /^AP 4 \/ 4/)).toHaveLength(1);
    await byId(borin, 'spend-resource').tap();
    await waitToShow(gm, 'dc20-ap', /Borin 3\/4/);

    // Only later PC turns (and enemies in sight) are offered.
    const target = byId(borin, 'dc20-delay-target');
    expect(await target.locator('option').allTextContents()).toEqual(['—', 'PC turn 3', 'after Goblin', 'after Ogre']);
    await target.selectOption({ label: 'PC turn 3' });
    await byId(borin, 'dc20-delay').tap();

    expect(await waitToShow(gm, 'current-turn', 'Aria')).toEqual(['Aria']);
    expect(await currentActors(overlay, 'Aria')).toBe('Aria');
    await waitToVanish(borin, '[data-testid="your-turn-banner"]');
    expect(await byId(aria, 'your-turn-banner').count()).toBe(1);
    // The console now shows Borin on PC turn 3 (Aria's own delay choices name him).
    expect(await byId(gm, 'dc20-delay-target').locator('option').allTextContents()).toContain('PC turn 3 (Borin)');
  });

  it('[DC20-21] [DC20-37] [DC20-38] the shared turn ends: Aria regains her AP, Borin (delayed) does not; the Ogre spends 1 LAP, not 2', async () => {
    const script = await dc20At('Borin delayed to PC turn 3');
    const [gm, aria, overlay] = await Promise.all([consoleOf(script), phoneOf(script, 'Aria'), overlayOf(script)]);
    await byId(aria, 'end-my-turn').tap();
    expect(await waitToShow(gm, 'current-turn', 'Goblin & Ogre')).toEqual(['Goblin & Ogre']);
    expect(await currentActors(overlay, 'Goblin & Ogre')).toBe('Goblin & Ogre');
    expect(await textOf(gm, 'dc20-ap')).toMatch(/Aria 4\/4 · Borin 3\/4/);

    const ogre = gm.locator('[data-testid="dc20-lap-row"][data-name="Ogre"]');
    await ogre.getByTestId('dc20-spend-lap').click();
    await ogre.getByTestId('dc20-lap-left').filter({ hasText: '1/2' }).waitFor();
    // One at a time: a second LAP in the same window is refused.
    await ogre.getByTestId('dc20-spend-lap').click();
    expect(await gmRefused(gm, /allowance is spent/)).toMatch(/^No more LAP until after the next PC turn: this window’s allowance is spent\./);
    expect(await ogre.getByTestId('dc20-lap-left').textContent()).toBe('1/2');
  });

  it('[DC20-19] [DC20-30] [DC20-38] Borin takes PC turn 3 alone; ending it opens the leftover-LAP prompt, and round 1 waits', async () => {
    const script = await dc20At('the shared turn over, the Ogre down to 1 LAP');
    const [gm, aria, borin] = await Promise.all([consoleOf(script), phoneOf(script, 'Aria'), phoneOf(script, 'Borin')]);
    await byId(gm, 'next-turn').click();
    expect(await waitToShow(gm, 'current-turn', 'Borin')).toEqual(['Borin']);
    await byId(borin, 'your-turn-banner').waitFor();
    expect(await byId(aria, 'your-turn-banner').count()).toBe(0);

    await byId(borin, 'end-my-turn').tap();
    expect(await waitToShow(gm, 'dc20-leftover-lap', /^Round 1 ends: Ogre has 1 LAP left\./)).toHaveLength(1);
    expect(await textOf(gm, 'round')).toBe('1');
    expect(await textOf(gm, 'current-turn')).toBe('Borin');
  });

  it('[DC20-38] [DC20-10] [DC20-21] [DC20-30] the leftover LAP is spent: round 2 starts with Aria, LAP and Borin\'s AP refilled', async () => {
    // Aria marks her round-1 ADV used on her own phone, which then notes it "used" until round 1 ends.
    const script = await dc20At('the enemy turns merged');
    const aria = await pages().phone(script, 'Aria');
    await aria.page.locator('[data-testid="dc20-benefit"][data-kind="first-round-adv"] [data-testid="dc20-use-benefit"]').tap();
    await waitToShow(aria.page, 'dc20-benefit-done', /: used$/);
    await advance(script, "Aria's round-1 ADV used", 'round 1 waiting for the leftover LAP');
    const [gm, borin, overlay] = await Promise.all([pages().console(script), pages().phone(script, 'Borin'), pages().overlay(script)]);
    const table: Table = { gm, overlay, players: new Map([['Aria', aria], ['Borin', borin]]), close: async () => undefined };

    await byId(gm.page, 'dc20-spend-leftover').click();
    await allPagesShowRound(table, 2);
    await waitToVanish(gm.page, '[data-testid="dc20-leftover-lap"]');
    expect(await gm.page.locator('[data-testid="dc20-lap-row"][data-name="Ogre"] [data-testid="dc20-lap-left"]').textContent()).toBe('2/2');
    expect(await textOf(gm.page, 'dc20-ap')).toMatch(/Aria 4\/4 · Borin 4\/4/);
    // Aria keeps PC turn 1 from round to round; the round-1 note is gone with round 1.
    expect(await waitToShow(gm.page, 'current-turn', 'Aria')).toEqual(['Aria']);
    await byId(aria.page, 'your-turn-banner').waitFor();
    expect(await byId(aria.page, 'dc20-benefit-done').count()).toBe(0);
    expect(await benefitsOn(aria.page)).toEqual(['Aria: inspiration-die']);
    expect(await currentActors(overlay.page, 'Aria')).toBe('Aria');
  });
});
