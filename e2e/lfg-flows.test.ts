// Low Fantasy Gaming's own flows through the real pages (rule ids: packages/rules/spec/lfg.md): a phone
// chooses who rolls, the GM types round 1's party check from a real die, then in round 1 a retreat,
// a contested ready action, a morale check from real dice, a rally and Finish Them!. One GM console,
// two 360 px phones and the overlay; every step checks what the pages show afterwards. Each step is a
// test of its own: it plays a new encounter over the API (the GM's and the players' own connections)
// up to where the step begins (`lfgAt`), then opens the pages. Real dice make every check's outcome
// known in advance, so each assertion names the exact result.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { horizontalOverflow, unexplainedDisabled, unnamedControls } from './support/checks.js';
import { GmScript, statsFor } from './support/gm-script.js';
import { faceLabels, gmAndPhones, phone, shown, textsOnceShowing, typeFaces } from './support/lfg-pages.js';
import { allPagesShowRound, byId, textOf, waitForText, type Table } from './support/table.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';

const { server, pages } = serverAndPages('lfg');
const scripts: GmScript[] = [];

/**
 * As the console made it: Vela (Initiative 12, Luck 11) and Rook (Initiative 9, Luck 10, Cha 14),
 * seated; the Orcs break easily, the Ogre is a Boss [LFG-10], the Mule is a hireling (side npc)
 * [LFG-19]; initiative open.
 */
async function newEncounter(): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, 'lfg flows', 'lfg');
  scripts.push(script);
  await script.add(
    { name: 'Vela', side: 'pc', stats: statsFor('lfg', { initiative: 12, luck: 11 }) },
    { name: 'Rook', side: 'pc', stats: statsFor('lfg', { initiative: 9, luck: 10, cha: 14 }) },
    { name: 'Orc', side: 'enemy', stats: statsFor('lfg', { will: 8 }), count: 2 },
    { name: 'Ogre', side: 'enemy', stats: statsFor('lfg', { rank: 2, will: 9 }) },
    { name: 'Mule', side: 'npc', stats: statsFor('lfg', { will: 6 }) },
  );
  for (const name of ['Vela', 'Rook']) await script.seat(name);
  await script.send({ type: 'begin-initiative' });
  return script;
}

/**
 * What each step below leaves the encounter in, in order: the same commands sent over the API by the
 * same hands (the GM's console or a player's phone). A test starts where the steps before it end.
 */
const STAGES = [
  ['Vela rolls for the party', (script) => script.sendAs('Vela', { type: 'lfg-set-roller', combatantId: script.id('Vela') })],
  [
    'round 1',
    async (script) => {
      await script.send({ type: 'enter-initiative', unit: { kind: 'combatant', id: script.id('Vela') }, faces: [8] });
      await script.send({ type: 'start-combat' });
    },
  ],
  [
    'the retreat failed',
    async (script) => {
      await script.sendAs('Rook', { type: 'lfg-propose-retreat' });
      await script.send({ type: 'lfg-answer-retreat', allow: true, faces: [15, 16] });
    },
  ],
  [
    "Vela's readied action went first",
    async (script) => {
      await script.send({ type: 'end-turn' });
      await script.sendAs('Vela', { type: 'lfg-ready-action', trigger: 'the ogre charges' });
      await script.send({ type: 'lfg-trigger-ready', combatantId: script.id('Vela'), simultaneous: false, opposedScore: 10, faces: [4, 9] });
    },
  ],
  [
    'morale broke the Orcs and the Mule',
    (script) =>
      script.send({
        type: 'lfg-call-morale',
        combatantIds: script.view.combatants.filter((c) => c.side !== 'pc' && !c.defeated).map((c) => c.id),
        timing: 'immediate',
        faces: [19, 6, 17],
      }),
  ],
  ['the Mule rallied', (script) => script.send({ type: 'lfg-rally', rallierId: script.id('Rook'), combatantIds: [script.id('Mule')], faces: [3] })],
] as const satisfies readonly (readonly [string, (script: GmScript) => Promise<void>])[];

type Stage = 'initiative open' | (typeof STAGES)[number][0];

/** A new encounter, played over the API up to the end of `stage`, and the table's pages on it. */
async function lfgAt(stage: Stage): Promise<{ table: Table; gm: Page; vela: Page; rook: Page }> {
  const script = await newEncounter();
  for (const [, apply] of STAGES.slice(0, STAGES.findIndex(([name]) => name === stage) + 1)) await apply(script);
  const table = await pages().table(script, ['Vela', 'Rook']);
  return { table, gm: table.gm.page, vela: phone(table, 'Vela'), rook: phone(table, 'Rook') };
}

/** The console's "real dice" switch is the console's own, not the encounter's: each step that types faces turns it on. */
async function realDiceOn(gm: Page): Promise<void> {
  await byId(gm, 'lfg-real-dice').check();
}

describe('lfg flows on the pages: roller, real dice, retreat, ready, morale, rally, Finish Them!', () => {
  // No page threw an error during the step.
  // No page threw, and every disabled button on it says why (issue 15), wherever the step left it.
  afterEach(async () => {
    for (const page of pages().used) {
      expect(page.errors).toEqual([]);
      if (!page.page.isClosed()) expect(await unexplainedDisabled(page.page), 'disabled buttons that do not say why').toEqual([]);
    }
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('[LFG-8] [LFG-9] nobody is chosen to roll: a phone volunteers its PC (lfg-set-roller by a player)', async () => {
    const { table, gm, vela, rook } = await lfgAt('initiative open');
    await gm.locator('[data-testid="phase"][data-phase="initiative"]').waitFor();
    for (const page of [vela, rook]) await byId(page, 'lfg-choose-roller').waitFor();
    expect(await unnamedControls(vela), 'every control on the phone has a name').toEqual([]);
    await byId(vela, 'lfg-volunteer').tap();
    // The choice is made: the other phone no longer offers to volunteer or roll, everyone names Vela.
    await byId(rook, 'lfg-choose-roller').waitFor({ state: 'detached' });
    expect(await byId(rook, 'lfg-roll-party').count()).toBe(0);
    expect(await byId(vela, 'lfg-choose-roller').count()).toBe(0);
    expect(await textOf(vela, 'lfg-roll-party')).toBe("Roll the party's Initiative (Vela)");
    for (const page of gmAndPhones(table)) await waitForText(page, 'lfg-roller', 'Vela');
    expect(await byId(gm, 'lfg-first-roller').locator('option:checked').textContent()).toBe('Vela');
  });

  it("[LFG-6] [LFG-11] the GM types round 1's party check from a real d20 on the console", async () => {
    const { table, gm, vela } = await lfgAt('Vela rolls for the party');
    const form = byId(gm, 'lfg-first-check');
    await form.getByTestId('face-input').fill('8');
    await form.getByTestId('face-submit').click();
    await form.waitFor({ state: 'detached' });
    // 8 against Initiative 12: a success, not a Great Success (that is 6 or less) [LFG-2].
    for (const page of gmAndPhones(table)) {
      await byId(page, 'lfg-party-check').waitFor();
      expect(await textOf(page, 'lfg-party-check')).toMatch(/^Party check \(round 1\): 8 d20 8 \+ 0 = 8, success \(target 12\), real dice$/);
    }
    expect(await byId(vela, 'lfg-roll-party').count()).toBe(0);
    await byId(gm, 'start-combat').click();
    await allPagesShowRound(table, 1);
    // Success: Bosses and Heavies first, then the party, then the other enemies.
    for (const page of gmAndPhones(table)) await waitForText(page, 'lfg-bands', 'Bosses & Heavies → Party → Other enemies');
    await byId(table.overlay.page, 'slot-tag').first().waitFor();
    expect(await byId(table.overlay.page, 'slot-tag').allTextContents()).toEqual(
      expect.arrayContaining(['Bosses & Heavies', 'Party', 'Other enemies']),
    );
    expect(await textOf(gm, 'current-turn')).toBe('Ogre');
  });

  it('[LFG-34] the GM has Rook intercept the Ogre with real dice: two d20s before his first turn, the worse counts, his move is used', async () => {
    const { gm, rook, vela } = await lfgAt('round 1');
    await realDiceOn(gm);
    await waitForText(gm, 'current-turn', 'Ogre');
    await byId(gm, 'lfg-interceptor').selectOption({ label: 'Rook' });
    // Before his first turn in a new combat: disadvantage, so two d20s, both his.
    expect(await textOf(gm, 'lfg-intercept')).toBe('Intercept (Initiative check, disadvantage)');
    expect(await faceLabels(gm, 'lfg-intercept')).toEqual(['d20 face for Rook', 'd20 face for Rook']);
    await typeFaces(gm, 'lfg-intercept', [3, 7]);
    await byId(gm, 'lfg-intercept').click();
    // Roll-under at disadvantage keeps the higher face: 7 against Initiative 9, a success.
    await gm.locator('[data-testid="log-line"]', { hasText: 'Rook intercepts (Initiative 7 against 9; the move is used)' }).waitFor();
    // On his own turn the phone shows the move already spent: only the action is left.
    await byId(gm, 'next-turn').click();
    await byId(vela, 'your-turn-banner').waitFor();
    await byId(vela, 'end-my-turn').tap();
    await byId(rook, 'your-turn-banner').waitFor();
    await waitForText(rook, 'lfg-turn-left-words', 'Action left (or a second move)');
    await waitForText(gm, 'lfg-turn-left-words', 'Action left (or a second move)');
    // The check is gone for whoever takes the turn: Rook is no longer offered while it is his.
    expect(await byId(gm, 'lfg-interceptor').locator('option', { hasText: 'Rook' }).count()).toBe(0);
  });

  it('[LFG-26] [LFG-27] [LFG-4] a phone proposes a retreat; the GM allows it and types the Luck dice; it fails', async () => {
    const { table, gm, rook } = await lfgAt('round 1');
    await byId(rook, 'lfg-propose-retreat').tap();
    await byId(gm, 'lfg-approve-retreat').waitFor();
    await realDiceOn(gm);
    expect(await faceLabels(gm, 'lfg-allow-retreat')).toEqual(['d20 face for Vela', 'd20 face for Rook']);
    await typeFaces(gm, 'lfg-allow-retreat', [15, 16]);
    await byId(gm, 'lfg-allow-retreat').click();
    // Both miss their Luck: fewer than half succeed, so the party stays; nobody may flee alone.
    for (const page of gmAndPhones(table)) {
      expect(await shown(page, 'lfg-retreat', 'data-status', 'failed')).toBe(
        'Retreat (round 1): failed · Vela d20 15 vs 11, failure; Rook d20 16 vs 10, failure',
      );
    }
    await byId(gm, 'lfg-approve-retreat').waitFor({ state: 'detached' });
    // Once per round [LFG-26].
    expect(await byId(rook, 'lfg-propose-retreat').count()).toBe(0);
    expect(await textOf(gm, 'round')).toBe('1');
  });

  it('[LFG-16] Vela readies an action on her phone; the GM resolves it as a contest with real dice', async () => {
    const { gm, vela, rook } = await lfgAt('the retreat failed');
    await realDiceOn(gm);
    await byId(gm, 'next-turn').click();
    await byId(vela, 'your-turn-banner').waitFor();
    await byId(vela, 'lfg-trigger').fill('the ogre charges');
    await byId(vela, 'lfg-ready').tap();
    // Readying uses the turn: Rook is up, and the GM sees what waits.
    await waitForText(gm, 'current-turn', 'Rook');
    const readied = byId(gm, 'lfg-readied');
    expect(await readied.textContent()).toContain('Vela readied: “the ogre charges”.');
    await byId(gm, 'lfg-ready-opposed').fill('10');
    expect(await textOf(gm, 'lfg-ready-first')).toBe("Triggered: who's first? (contest)");
    expect(await faceLabels(gm, 'lfg-ready-first')).toEqual(['d20 face for Vela', 'd20 face for the trigger']);
    await typeFaces(gm, 'lfg-ready-first', [4, 9]);
    await byId(gm, 'lfg-ready-first').click();
    // Vela's Great Success (4 ≤ 6) beats the trigger's plain success (9 ≤ 10).
    for (const page of [gm, vela, rook]) {
      expect(await shown(page, 'lfg-ready-result', 'data-order', 'readier-first')).toBe(
        "Vela's readied action (“the ogre charges”): the readied action goes first · Vela d20 4 vs 12, Great Success; the trigger d20 9 vs 10, success",
      );
    }
    await readied.waitFor({ state: 'detached' });
  });

  it('[LFG-17] [LFG-18] [LFG-19] [LFG-22] a morale check for all NPCs, now, from real dice: one per kind', async () => {
    const { table, gm } = await lfgAt("Vela's readied action went first");
    await realDiceOn(gm);
    await byId(gm, 'lfg-morale-timing').selectOption('immediate');
    // One roll stands for both Orcs; the PCs never check.
    expect(await faceLabels(gm, 'lfg-call-morale-all')).toEqual(['d20 face for Orc 1 (for 2)', 'd20 face for Ogre', 'd20 face for Mule']);
    await typeFaces(gm, 'lfg-call-morale-all', [19, 6, 17]);
    // The console with real-dice forms open, for a person to look at (not compared).
    await gm.screenshot({ path: join(ARTIFACTS, 'lfg-flows-gm.png'), fullPage: true, animations: 'disabled' });
    expect(await unnamedControls(gm), 'every control on the console has a name').toEqual([]);
    await byId(gm, 'lfg-call-morale-all').click();
    for (const page of gmAndPhones(table)) {
      const verdicts = await textsOnceShowing(page, 'lfg-morale-verdict', 'Mule break and flee');
      expect(verdicts).toEqual([
        'Morale (round 1): Orc 1, Orc 2 break and flee · Orc 1 d20 19 vs 8, failure',
        'Morale (round 1): Ogre hold · Ogre d20 6 vs 9, success',
        'Morale (round 1): Mule break and flee · Mule d20 17 vs 6, failure',
      ]);
    }
  });

  it('[LFG-25] [LFG-33] Rook rallies the Mule on his turn with a real die: a Great Success rallies it at once; it spends his action', async () => {
    const { table, gm, rook, vela } = await lfgAt('morale broke the Orcs and the Mule');
    await realDiceOn(gm);
    const ask = byId(gm, 'lfg-rally-ask');
    expect(await ask.textContent()).toContain('Rally Mule?');
    // Only the PC whose turn it is may rally (Vela's turn went on her readied action).
    expect(await faceLabels(gm, 'lfg-rally')).toEqual(['d20 face for Rook']);
    await waitForText(rook, 'lfg-turn-left-words', 'Action and move left');
    expect(await byId(vela, 'lfg-turn-left').count()).toBe(0);
    await typeFaces(gm, 'lfg-rally', [3]);
    await byId(gm, 'lfg-rally').click();
    for (const page of gmAndPhones(table)) {
      expect(await shown(page, 'lfg-rally-outcome', 'data-result', 'rallied')).toBe(
        'Rally by Rook (Mule): rallied, back in the fight · d20 3 vs 14, Great Success',
      );
    }
    await waitForText(rook, 'lfg-turn-left-words', 'Move left');
    expect(await byId(rook, 'lfg-spend-action').count()).toBe(0);
    await byId(rook, 'lfg-spend-move').click();
    await waitForText(rook, 'lfg-turn-left-words', 'Nothing left this turn');
    await waitForText(gm, 'lfg-turn-left-words', 'Nothing left this turn');
    // The Mule is no longer broken: nothing left to rally.
    await ask.waitFor({ state: 'detached' });
  });

  it('[LFG-24] [LFG-4] Finish Them! against the fleeing Orcs, the party\'s Luck from real dice', async () => {
    const { table, gm } = await lfgAt('the Mule rallied');
    await realDiceOn(gm);
    expect(await byId(gm, 'lfg-finish-ask').textContent()).toContain('Orc 1, Orc 2 fled.');
    expect(await faceLabels(gm, 'lfg-finish-them')).toEqual(['d20 face for Vela', 'd20 face for Rook']);
    await typeFaces(gm, 'lfg-finish-them', [2, 12]);
    await byId(gm, 'lfg-finish-them').click();
    // One of two succeeds: half is enough for a group check.
    for (const page of gmAndPhones(table)) {
      expect(await shown(page, 'lfg-finish-outcome', 'data-success', 'true')).toBe(
        'Finish Them! (round 1): success · Vela d20 2 vs 11, Great Success; Rook d20 12 vs 10, failure',
      );
    }
    // Every lfg line fits a 360 px phone, and no page threw.
    for (const [name, { page }] of table.players) {
      await page.screenshot({ path: join(ARTIFACTS, `lfg-flows-${name.toLowerCase()}.png`), fullPage: true, animations: 'disabled' });
      expect((await horizontalOverflow(page)).culprits, `${name}'s phone scrolls sideways`).toEqual([]);
    }
    for (const { errors } of [table.gm, table.overlay, ...table.players.values()]) expect(errors).toEqual([]);
  });
});
