// The dc20 flows (dc20-*.test.ts) through the real pages: the GM console, two 360 px phones and the
// overlay, one round and the start of the next. Real dice make every Initiative Check exact, so each step
// knows what the pages must show. Rule ids: packages/rules/spec/dc20.md.
//
// Each test plays the encounter over the API (the GM's and the players' own connections) up to where
// its step begins (`dc20At`), then opens the pages it looks at: a failed step fails alone. The stages
// are here, shared, so that each file starts its steps where the ones before them (in another file) end.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import { unexplainedDisabled } from './checks.js';
import { textsOf, waitToShow, waitToVanish } from './dc20-pages.js';
import { GmScript, statsFor } from './gm-script.js';
import type { Pages } from './pages.js';
import { serverAndPages } from './suite.js';

/** Each step is one command and its broadcast: a wait this long means it will not come (and a failure is quick to report). */
const STEP_TIMEOUT_MS = 10_000;
/** [DC20-2] Any number: chosen so that Borin's 17 + 5 lands exactly on it. */
export const ENCOUNTER_DC = 22;
/** Aria: level 1 (Combat Mastery 1) + Agility 1 = +2; Borin: level 3 (2) + Agility 3 = +5 (DC20-6). */
const PCS = [
  { name: 'Aria', stats: { level: 1, agility: 1 } },
  { name: 'Borin', stats: { level: 3, agility: 3 } },
] as const;

export const enemyTurns = (page: Page) => textsOf(page, 'dc20-enemy-turn-what');
export const checkOf = (page: Page, name: string) => page.locator(`[data-testid="dc20-check"][data-name="${name}"]`);

/** The GM's refusal banner reads `message`; dismissed so the next step starts clean. */
export async function gmRefused(gm: Page, message: RegExp): Promise<string> {
  const [shown = ''] = await waitToShow(gm, 'error', message);
  await gm.getByRole('button', { name: 'Dismiss message' }).click();
  await waitToVanish(gm, '[data-testid="error"]');
  return shown;
}

export function dc20Ext(script: GmScript) {
  const ext = script.view.ext;
  if (ext?.system !== 'dc20') throw new Error('not a dc20 view');
  return ext;
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

export type Stage = 'seated' | (typeof STAGES)[number][0];
const stageIndex = (stage: Stage) => STAGES.findIndex(([name]) => name === stage);

/** Plays the stages after `after` up to `upTo`. */
export async function advance(script: GmScript, after: Stage, upTo: Stage): Promise<void> {
  for (const [, apply] of STAGES.slice(stageIndex(after) + 1, stageIndex(upTo) + 1)) await apply(script);
}

export interface Dc20Suite {
  readonly pages: () => Pages;
  /** A new encounter, played over the API up to the end of `stage`. */
  readonly dc20At: (stage: Stage) => Promise<GmScript>;
  readonly consoleOf: (script: GmScript) => Promise<Page>;
  readonly phoneOf: (script: GmScript, name: string) => Promise<Page>;
  readonly overlayOf: (script: GmScript) => Promise<Page>;
}

/**
 * The frame of a dc20 flow file (call inside its `describe`): its server, Chromium and pages; after each
 * test, no page threw, and every disabled button on it says why (issue 15), wherever the step left it.
 */
export function dc20Suite(name: string): Dc20Suite {
  const { server, pages } = serverAndPages(name, { prepare: (page) => page.setDefaultTimeout(STEP_TIMEOUT_MS) });
  const scripts: GmScript[] = [];

  afterEach(async () => {
    for (const page of pages().used) {
      expect(page.errors).toEqual([]);
      if (!page.page.isClosed()) expect(await unexplainedDisabled(page.page), 'disabled buttons that do not say why').toEqual([]);
    }
  });

  afterAll(() => {
    for (const script of scripts) script.close();
  });

  /** The encounter as the console made it: the two PCs and two monsters, the phones seated. */
  async function newEncounter(): Promise<GmScript> {
    const script = await GmScript.create(server().baseUrl, 'Ogre bridge', 'dc20');
    scripts.push(script);
    await script.add(
      ...PCS.map((pc) => ({ name: pc.name, side: 'pc' as const, stats: statsFor('dc20', pc.stats) })),
      { name: 'Goblin', side: 'enemy', stats: statsFor('dc20') },
      { name: 'Ogre', side: 'enemy', stats: statsFor('dc20') },
    );
    for (const pc of PCS) await script.seat(pc.name);
    return script;
  }

  return {
    pages,
    async dc20At(stage) {
      const script = await newEncounter();
      await advance(script, 'seated', stage);
      return script;
    },
    consoleOf: async (script) => (await pages().console(script)).page,
    phoneOf: async (script, name) => (await pages().phone(script, name)).page,
    overlayOf: async (script) => (await pages().overlay(script)).page,
  };
}
