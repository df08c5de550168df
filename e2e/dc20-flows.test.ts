// dc20's own flows through the real pages: the GM console, two 360 px phones and the overlay, one
// round and the start of the next. Real dice make every Initiative Check exact, so each step knows
// what the pages must show: a check that meets the DC, a tie for the first PC turn shared from a
// phone, the merge it offers, a delay, Legendary AP with the round-end prompt, a round-1 benefit
// marked used on a phone, and the GM's ADV 2 roll with real d20s. Rule ids: packages/rules/spec/dc20.md.
//
// Each test plays the encounter over the API (the GM's and the players' own connections) up to where
// its step begins (`dc20At`), then opens the pages it looks at: a failed step fails alone.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { unexplainedDisabled } from './support/checks.js';
import { benefitsOn, candidatesOn, currentActors, textsOf, waitToShow, waitToVanish } from './support/dc20-pages.js';
import { GmScript, statsFor } from './support/gm-script.js';
import { Pages } from './support/pages.js';
import { freePort, ServerProcess } from './support/server.js';
import { allPagesShowRound, byId, textOf, type Table } from './support/table.js';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
/** Each step is one command and its broadcast: a wait this long means it will not come (and a failure is quick to report). */
const STEP_TIMEOUT_MS = 10_000;
/** [DC20-2] Any number: chosen so that Borin's 17 + 5 lands exactly on it. */
const ENCOUNTER_DC = 22;
/** Aria: level 1 (Combat Mastery 1) + Agility 1 = +2; Borin: level 3 (2) + Agility 3 = +5 (DC20-6). */
const PCS = [
  { name: 'Aria', stats: { level: 1, agility: 1 } },
  { name: 'Borin', stats: { level: 3, agility: 3 } },
] as const;

let server: ServerProcess;
let dataDir: string;
let browser: Browser | undefined;
let pages: Pages;
const scripts: GmScript[] = [];

const enemyTurns = (page: Page) => textsOf(page, 'dc20-enemy-turn-what');
const checkOf = (page: Page, name: string) => page.locator(`[data-testid="dc20-check"][data-name="${name}"]`);

/** The GM's refusal banner reads `message`; dismissed so the next step starts clean. */
async function gmRefused(gm: Page, message: RegExp): Promise<string> {
  const [shown = ''] = await waitToShow(gm, 'error', message);
  await gm.getByRole('button', { name: 'Dismiss message' }).click();
  await waitToVanish(gm, '[data-testid="error"]');
  return shown;
}

function dc20Ext(script: GmScript) {
  const ext = script.view.ext;
  if (ext?.system !== 'dc20') throw new Error('not a dc20 view');
  return ext;
}

/** The encounter as the console made it: the two PCs and two monsters, the phones seated. */
async function newEncounter(): Promise<GmScript> {
  const script = await GmScript.create(server.baseUrl, 'Ogre bridge', 'dc20');
  scripts.push(script);
  await script.add(
    ...PCS.map((pc) => ({ name: pc.name, side: 'pc' as const, stats: statsFor('dc20', pc.stats) })),
    { name: 'Goblin', side: 'enemy', stats: statsFor('dc20') },
    { name: 'Ogre', side: 'enemy', stats: statsFor('dc20') },
  );
  for (const pc of PCS) await script.seat(pc.name);
  return script;
}

/**
 * What each step below leaves the encounter in, in order: the same commands sent over the API by the
 * same hands (the GM's console or a player's phone). A test starts where the steps before it end.
 */
const STAGES = [
  [
    'initiative open, DC 22, the Ogre with 2 LAP',
    async (script) => {
      await script.send({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: ENCOUNTER_DC } });
      await script.send({ type: 'dc20-set-lap', combatantId: script.id('Ogre'), max: 2, perTurn: 1 });
      await script.send({ type: 'begin-initiative' });
    },
  ],
  [
    "Aria's check entered",
    (script) => script.send({ type: 'dc20-enter-initiative', combatantId: script.id('Aria'), faces: [3, 20, 7], adv: 2 }),
  ],
  [
    'round 1',
    async (script) => {
      await script.sendAs('Borin', { type: 'dc20-enter-initiative', combatantId: script.id('Borin'), faces: [17] });
      await script.send({ type: 'start-combat' });
    },
  ],
  [
    'enemies placed',
    async (script) => {
      const [second, fourth] = dc20Ext(script).turns.filter((t) => t.team !== 'pc');
      await script.send({ type: 'dc20-assign', slotId: second!.slotId, combatantIds: [script.id('Goblin')] });
      await script.send({ type: 'dc20-assign', slotId: fourth!.slotId, combatantIds: [script.id('Ogre')] });
    },
  ],
  [
    'the first PC turn shared',
    async (script) => {
      await script.sendAs('Aria', { type: 'claim-turn', combatantIds: [script.id('Aria')] });
      await script.sendAs('Borin', { type: 'claim-turn', combatantIds: [script.id('Borin')] });
      const tied = dc20Ext(script).claims?.tied;
      if (!tied) throw new Error('the claims did not tie');
      await script.sendAs('Aria', { type: 'dc20-resolve-claim', combatantIds: [...tied] });
    },
  ],
  ['the enemy turns merged', (script) => script.send({ type: 'dc20-merge-enemy-turns', team: 'enemy-1' })],
  [
    "Aria's round-1 ADV used",
    (script) => script.sendAs('Aria', { type: 'dc20-use-benefit', combatantId: script.id('Aria'), kind: 'first-round-adv' }),
  ],
  [
    'Borin delayed to PC turn 3',
    async (script) => {
      const borin = script.id('Borin');
      await script.sendAs('Borin', { type: 'spend-resource', combatantId: borin, resource: 'AP', amount: 1 });
      const third = dc20Ext(script).turns[2];
      if (third?.team !== 'pc') throw new Error('turn 3 is not a PC turn');
      await script.sendAs('Borin', { type: 'dc20-delay', combatantId: borin, to: { kind: 'pc-turn', slotId: third.slotId } });
    },
  ],
  [
    'the shared turn over, the Ogre down to 1 LAP',
    async (script) => {
      await script.sendAs('Aria', { type: 'end-turn' });
      await script.send({ type: 'dc20-spend-lap', combatantId: script.id('Ogre'), amount: 1 });
    },
  ],
  [
    'round 1 waiting for the leftover LAP',
    async (script) => {
      await script.send({ type: 'end-turn' });
      await script.sendAs('Borin', { type: 'end-turn' });
    },
  ],
] as const satisfies readonly (readonly [string, (script: GmScript) => Promise<void>])[];

type Stage = 'seated' | (typeof STAGES)[number][0];
const stageIndex = (stage: Stage) => STAGES.findIndex(([name]) => name === stage);

/** Plays the stages after `after` up to `upTo`. */
async function advance(script: GmScript, after: Stage, upTo: Stage): Promise<void> {
  for (const [, apply] of STAGES.slice(stageIndex(after) + 1, stageIndex(upTo) + 1)) await apply(script);
}

/** A new encounter, played over the API up to the end of `stage`. */
async function dc20At(stage: Stage): Promise<GmScript> {
  const script = await newEncounter();
  await advance(script, 'seated', stage);
  return script;
}

const consoleOf = async (script: GmScript) => (await pages.console(script)).page;
const phoneOf = async (script: GmScript, name: string) => (await pages.phone(script, name)).page;
const overlayOf = async (script: GmScript) => (await pages.overlay(script)).page;

describe('dc20 across the GM console, two phones and the overlay', () => {
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'roundkeeper-e2e-dc20-'));
    server = new ServerProcess(await freePort(), dataDir, join(ARTIFACTS, 'server-dc20.log'));
    await server.start();
    browser = await launchChromium();
    pages = new Pages(browser, server.baseUrl, { prepare: (page) => page.setDefaultTimeout(STEP_TIMEOUT_MS) });
  });

  beforeEach(() => pages.begin());

  // No page threw an error along the way.
  // No page threw, and every disabled button on it says why (issue 15), wherever the step left it.
  afterEach(async () => {
    for (const page of pages.used) {
      expect(page.errors).toEqual([]);
      if (!page.page.isClosed()) expect(await unexplainedDisabled(page.page), 'disabled buttons that do not say why').toEqual([]);
    }
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
    await browser?.close().catch(() => undefined);
    await server?.stop('SIGTERM').catch(() => server.stop('SIGKILL'));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

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
    const table = await pages.table(script, ['Aria', 'Borin']);
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

  it('[DC20-15] [DC20-16] both phones claim the first PC turn with equal results: a tie, shared from Aria\'s phone', async () => {
    const script = await dc20At('enemies placed');
    const table = await pages.table(script, ['Aria', 'Borin']);
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

  it('[DC20-19] [DC20-21] Borin spends 1 AP, then delays from his phone to the next PC turn; the shared turn goes on with Aria', async () => {
    const script = await dc20At("Aria's round-1 ADV used");
    const table = await pages.table(script, ['Aria', 'Borin']);
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
    const aria = await pages.phone(script, 'Aria');
    await aria.page.locator('[data-testid="dc20-benefit"][data-kind="first-round-adv"] [data-testid="dc20-use-benefit"]').tap();
    await waitToShow(aria.page, 'dc20-benefit-done', /: used$/);
    await advance(script, "Aria's round-1 ADV used", 'round 1 waiting for the leftover LAP');
    const [gm, borin, overlay] = await Promise.all([pages.console(script), pages.phone(script, 'Borin'), pages.overlay(script)]);
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
