// dc20's initiative through the real pages (the frame and stages: e2e/support/dc20-flow.ts): a custom
// Encounter DC the phones show and Legendary AP for the Ogre, the GM's ADV 2 check with three real d20s
// (a natural 20 kept), a phone's check that meets the DC exactly so the PC team goes first, and each
// phone's benefits from its check.
import { describe, expect, it } from 'vitest';
import { checkOf, dc20Ext, dc20Suite, ENCOUNTER_DC } from './support/dc20-flow.js';
import { benefitsOn, textsOf, waitToShow, waitToVanish } from './support/dc20-pages.js';
import { allPagesShowRound, byId, textOf } from './support/table.js';

describe('dc20 initiative across the GM console, two phones and the overlay', () => {
  const { pages, dc20At, consoleOf, phoneOf } = dc20Suite('dc20-initiative');

  it('[DC20-2] [DC20-38] the GM sets a custom Encounter DC (the phones show it) and gives the Ogre Legendary AP', async () => {
    const script = await dc20At('seated');
    const [gm, aria, borin] = await Promise.all([consoleOf(script), phoneOf(script, 'Aria'), phoneOf(script, 'Borin')]);
    await byId(gm, 'dc20-custom-dc').fill(String(ENCOUNTER_DC));
    await byId(gm, 'dc20-set-custom-dc').click();
    await gm.locator(`[data-testid="dc20-dc"][data-dc="${ENCOUNTER_DC}"]`).waitFor();
    for (const phone of [aria, borin]) expect(await waitToShow(phone, 'dc20-my-dc', String(ENCOUNTER_DC))).toEqual([String(ENCOUNTER_DC)]);

    await byId(gm, 'dc20-lap-who').selectOption({ label: 'Ogre' });
    await byId(gm, 'dc20-lap-max').fill('2');
    await byId(gm, 'dc20-lap-per-turn').fill('1');
    await byId(gm, 'dc20-set-lap').click();
    await byId(gm, 'open-initiative').click();
    // [DC20-5] Only PCs make Initiative Checks: the GM's ADV form lists the two PCs, no monster.
    await byId(gm, 'dc20-gm-checks').waitFor();
    expect(await byId(gm, 'dc20-check').evaluateAll((els) => els.map((el) => el.getAttribute('data-name')))).toEqual(['Aria', 'Borin']);
    // The Legendary AP reached the server (the later steps start from an encounter set up over the API).
    const ogre = (await script.waitFor((view) => view.phase === 'initiative')).combatants.find((c) => c.name === 'Ogre');
    expect(ogre?.resources?.['LAP']).toMatchObject({ current: 2, max: 2 });
    expect(dc20Ext(script).lap?.[script.id('Ogre')]?.perTurn).toBe(1);
  });

  it('[DC20-7] [DC20-8] the GM types three real d20s for Aria with ADV 2: the natural 20 is kept, a critical success', async () => {
    const script = await dc20At('initiative open, DC 22, the Ogre with 2 LAP');
    const [gm, aria] = await Promise.all([consoleOf(script), phoneOf(script, 'Aria')]);
    const form = checkOf(gm, 'Aria');
    await form.getByTestId('dc20-adv').fill('2');
    // ADV 2 asks for three d20s before the faces can be sent.
    await form.getByTestId('dc20-face').nth(2).waitFor();
    expect(await form.getByTestId('dc20-face').count()).toBe(3);
    expect(await form.getByTestId('dc20-enter-faces').textContent()).toBe('Use these 3 dice');
    for (const [i, face] of [3, 20, 7].entries()) await form.getByTestId('dc20-face').nth(i).fill(String(face));
    await form.getByTestId('dc20-enter-faces').click();

    const expected = /^22 d20 3 \/ 20 \/ 7 \(advantage\) \+ 2 = 22, critical success \(ADV 2\)$/;
    const result = gm.locator('[data-testid="initiative-unit"][data-name="Aria"] [data-testid="initiative-result"]');
    await result.waitFor();
    expect(((await result.textContent()) ?? '').replace(/\s+/g, ' ').trim()).toMatch(expected);
    expect(await waitToShow(aria, 'my-initiative', /^Aria: 22 /)).toEqual(['Aria: 22 (d20 3 / 20 / 7 (advantage) + 2 = 22, critical success (ADV 2))']);
    // Aria has rolled: only Borin's form is left on the console.
    await waitToVanish(gm, '[data-testid="dc20-check"][data-name="Aria"]');
    expect(await checkOf(gm, 'Borin').count()).toBe(1);
  });

  it('[DC20-8] [DC20-12] [DC20-13] [DC20-14] Borin\'s real d20 meets the DC exactly (a success); the PC team goes first', async () => {
    const script = await dc20At("Aria's check entered");
    const table = await pages().table(script, ['Aria', 'Borin']);
    const [gm, borin, overlay] = [table.gm.page, table.players.get('Borin')!.page, table.overlay.page];
    // A plain check on the phone: one d20, typed.
    await byId(borin, 'dc20-face').fill('17');
    await byId(borin, 'dc20-enter-faces').tap();
    expect(await waitToShow(borin, 'my-initiative', /^Borin: 22 /)).toEqual(['Borin: 22 (d20 17 + 5 = 22, success)']);

    await byId(gm, 'start-combat').click();
    await allPagesShowRound(table, 1);
    expect(await gm.getByTestId('dc20-party').getAttribute('data-winner')).toBe('pc');
    expect(await textOf(gm, 'dc20-party')).toMatch(/^The PC team goes first\s+\(2 of 1 successes needed\)$/);
    // Two PCs: two PC turns and two Enemy turns, alternating, the winners first.
    expect(await textsOf(overlay, 'slot-tag')).toEqual(['PC turn', 'Enemy 1 turn', 'PC turn', 'Enemy 1 turn']);
  });

  it('[DC20-9] [DC20-10] the benefits: an Inspiration Die for both, round-1 ADV for Aria\'s critical success; each phone sees its own', async () => {
    const script = await dc20At('round 1');
    const [gm, aria, borin] = await Promise.all([consoleOf(script), phoneOf(script, 'Aria'), phoneOf(script, 'Borin')]);
    await waitToShow(gm, 'dc20-benefit', /Aria: ADV on 1 Check or Save in round 1/);
    expect((await benefitsOn(gm)).sort()).toEqual(['Aria: first-round-adv', 'Aria: inspiration-die', 'Borin: inspiration-die']);
    await waitToShow(aria, 'dc20-benefit', /ADV on 1 Check or Save in round 1/);
    expect((await benefitsOn(aria)).sort()).toEqual(['Aria: first-round-adv', 'Aria: inspiration-die']);
    // Borin's own benefit shows before his list is read.
    await waitToShow(borin, 'dc20-benefit', /Inspiration Die/);
    expect(await benefitsOn(borin)).toEqual(['Borin: inspiration-die']);
  });
});
