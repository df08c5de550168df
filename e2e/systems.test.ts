// One whole encounter per registered system, across the GM console, two phones and the overlay:
// created with the system and an option, combatants with its stats, initiative with whatever the
// system asks (surprise, checks, real dice, ties), two rounds with open slots claimed or assigned.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_SYSTEMS, type SystemId } from '../packages/rules/src/index.js';
import {
  addCombatants,
  allPagesShowRound,
  byId,
  createOnConsole,
  endTurnStep,
  hiddenNowhere,
  playStep,
  rollMonstersAndStart,
  screenshots,
  seatTable,
  textOf,
  type NewPc,
  type Table,
} from './support/table.js';
import { dc20Step, lfgStep } from './support/rule-flows.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';

const DOCS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const ROUNDS_TO_PLAY = 2;
/** A runaway loop (a step that changes nothing) fails the test instead of timing out. */
const MAX_STEPS = 60;

interface SystemScript {
  readonly options: Readonly<Record<string, string>>;
  readonly pcs: readonly [NewPc, NewPc];
  /** Monsters as pasted, one of them `hidden` and named `hidden`. */
  readonly paste: string;
  readonly total: number;
  readonly hidden: string;
  /** Before the players roll (initiative is open). */
  readonly beforeRolls?: (table: Table) => Promise<void>;
  /** How the second player rolls: by the app, or a real die typed in. */
  readonly secondRoll: { readonly kind: 'app' } | { readonly kind: 'real'; readonly face: number; readonly shows: RegExp };
  /** How each player's roll reads on their phone. */
  readonly rollText: RegExp;
  readonly tieControls: readonly string[];
  /** Once, on the first PC turn of round 1. */
  readonly duringPcTurn?: (table: Table, actor: string) => Promise<void>;
}

const SCRIPTS: Readonly<Partial<Record<SystemId, SystemScript>>> = {
  dnd5e: {
    options: { surpriseMode: 'srd52' },
    pcs: [
      { name: 'Aria', stats: { dex: 16 } },
      { name: 'Borin', stats: { dex: 12, initBonus: 1 } },
    ],
    paste: '3 Goblin dex 14\nAssassin dex 18 hidden',
    total: 6,
    hidden: 'Assassin',
    secondRoll: { kind: 'real', face: 11, shows: /d20 11 \+ 2 = 13/ },
    rollText: /^\w+: \d+ \(d20 \d+ [+−] \d+ = \d+\)$/,
    tieControls: ['roll-off', 'tie-confirm'],
  },
  genesys: {
    options: { physicalDice: 'gm' },
    pcs: [
      { name: 'Kyla', stats: { presence: 3, cool: 2 } },
      { name: 'Tomas', stats: { willpower: 3, vigilance: 1 } },
    ],
    paste: 'Stormtrooper presence 2 vigilance 1\n2 Droid will 1\nBounty Hunter willpower 3 vigilance 2 hidden',
    total: 6,
    hidden: 'Bounty Hunter',
    // Kyla saw it coming: Cool, chosen on her phone; Tomas keeps the default (Vigilance).
    beforeRolls: async ({ players }) => {
      const kyla = players.get('Kyla')!.page;
      await byId(kyla, 'check-cool').tap();
      await kyla.locator('[data-testid="check-cool"][aria-pressed="true"]').waitFor();
    },
    secondRoll: { kind: 'app' },
    rollText: /^\w+: \d+ \((Proficiency|Ability|Boost).* → .*\)$/,
    tieControls: ['tie-confirm'],
  },
  uesrpg: {
    options: {},
    pcs: [
      { name: 'Lydia', stats: { agility: 42, intelligence: 31, perception: 38, luck: 50 } },
      { name: 'Marcurio', stats: { agility: 35, intelligence: 45, perception: 30, luck: 40 } },
    ],
    paste: '2 Bandit agi 35 per 30\nShadow agi 50 per 40 hidden',
    total: 5,
    hidden: 'Shadow',
    // [UES-1] The GM says who is surprised (nobody) before anyone may roll.
    beforeRolls: async ({ gm }) => {
      await byId(gm.page, 'confirm-surprise').click();
      await gm.page.locator('[data-testid="uesrpg-surprise"][data-state="decided"]').waitFor();
    },
    secondRoll: { kind: 'real', face: 4, shows: /d6 4 \+ \d+ = \d+/ },
    rollText: /^\w+: \d+ \(d6 \d \+ \d+ = \d+( \(Luck bonus \+\d+\))?\)$/,
    tieControls: ['luck-roll-off', 'tie-confirm'],
    // The acting PC declares an attack; the other PC reacts with 1 AP; the attacker closes it.
    duringPcTurn: async ({ gm, players }, actor) => {
      const me = players.get(actor)!.page;
      const other = [...players].find(([name]) => name !== actor)![1].page;
      await byId(me, 'declare-action').tap();
      await byId(gm.page, 'open-action').waitFor();
      await byId(other, 'react').tap();
      await gm.page.locator('[data-testid="uesrpg-actions"] li', { hasText: 'reaction' }).waitFor();
      await byId(me, 'my-resolve-action').tap();
      await byId(gm.page, 'open-action').waitFor({ state: 'detached' });
    },
  },
};

/**
 * Systems whose initiative is not "everyone rolls, slots follow": dc20 (only PCs roll against an
 * Encounter DC; PC turns are claimed, enemy turns assigned) and lfg (one PC rolls for the party, every round).
 */
interface RuleScript {
  readonly pcs: readonly [NewPc, NewPc];
  readonly paste: string;
  readonly total: number;
  readonly hidden: string;
  /** On the console before initiative opens. */
  readonly setup: (table: Table) => Promise<void>;
  /** Initiative is open: the phones roll what the system asks. */
  readonly roll: (table: Table, names: readonly string[]) => Promise<void>;
  /** A system step of play, or null for "end the current turn". */
  readonly step: (table: Table) => Promise<string | null>;
  /** After the rounds: what each page must show. */
  readonly after: (table: Table) => Promise<void>;
}

const RULE_SCRIPTS: Readonly<Partial<Record<SystemId, RuleScript>>> = {
  dc20: {
    pcs: [
      { name: 'Aria', stats: { level: 3, agility: 3 } },
      { name: 'Borin', stats: { level: 3, agility: 1 } },
    ],
    paste: '2 Goblin agi 2\nShadow hidden',
    total: 5,
    hidden: 'Shadow',
    // [DC20-3] Level 3, Normal: DC 14 from the table.
    setup: async ({ gm }) => {
      await byId(gm.page, 'dc20-level').fill('3');
      await byId(gm.page, 'dc20-set-dc').click();
      await gm.page.locator('[data-testid="dc20-dc"][data-dc="14"]').waitFor();
    },
    // [DC20-7] Aria rolls with ADV 1 (two d20s), Borin a plain check; both see the Encounter DC.
    roll: async ({ players }) => {
      const aria = players.get('Aria')!.page;
      const borin = players.get('Borin')!.page;
      expect(await textOf(aria, 'dc20-my-dc')).toBe('14');
      await byId(aria, 'dc20-adv').fill('1');
      await byId(aria, 'dc20-roll-edge').tap();
      await byId(borin, 'roll-initiative').tap();
      for (const page of [aria, borin]) await byId(page, 'my-initiative').waitFor();
      expect(await textOf(aria, 'my-initiative')).toMatch(/^Aria: \d+ \(d20 \d+ \/ \d+ \(advantage\) \+ 5 = \d+, (critical )?(success|failure)/);
      expect(await textOf(borin, 'my-initiative')).toMatch(/^Borin: \d+ \(d20 \d+ \+ 3 = \d+/);
    },
    step: dc20Step,
    after: async ({ gm, players, overlay }) => {
      await byId(gm.page, 'dc20-party').waitFor();
      expect(await textOf(gm.page, 'dc20-ap')).toMatch(/Aria \d\/4/);
      for (const page of [overlay.page, ...[...players.values()].map((p) => p.page)]) {
        expect(await byId(page, 'slot-tag').allTextContents()).toContain('Enemy 1 turn');
      }
    },
  },
  lfg: {
    pcs: [
      { name: 'Vela', stats: { initiative: 12, luck: 11 } },
      { name: 'Rook', stats: { initiative: 9 } },
    ],
    paste: '2 Orc rank 1 will 8\nOgre rank 2\nSneak hidden',
    total: 6,
    hidden: 'Sneak',
    // [LFG-8] Rook sits first and rolls the first check; [LFG-5] no surprise.
    setup: async ({ gm }) => {
      await gm.page.locator('[data-testid="lfg-seating"] li', { hasText: 'Rook' }).getByRole('button', { name: 'Move Rook up' }).click();
      await gm.page.waitForFunction(() => document.querySelector('[data-testid="lfg-seating"] li')?.textContent?.includes('Rook'));
      await byId(gm.page, 'lfg-surprise').selectOption('');
    },
    // [LFG-6] Only one phone rolls, for the whole party; the other has nothing to roll.
    roll: async ({ gm, players }) => {
      const rook = players.get('Rook')!.page;
      const vela = players.get('Vela')!.page;
      expect(await byId(vela, 'roll-initiative').count()).toBe(0);
      await byId(rook, 'lfg-roll-party').tap();
      await byId(rook, 'lfg-roll-party').waitFor({ state: 'detached' });
      expect(await textOf(gm.page, 'lfg-roller')).toBe('Rook');
      expect(await byId(vela, 'lfg-roll-party').count()).toBe(0);
    },
    step: async (table) => {
      const done = await lfgStep(table);
      // [LFG-22] In round 1, the GM calls a morale check for the round's end.
      const gm = table.gm.page;
      if (!done && (await textOf(gm, 'round')) === '1' && (await byId(gm, 'lfg-call-morale-all').count()) > 0 && !calledMorale.has(gm)) {
        calledMorale.add(gm);
        await byId(gm, 'lfg-call-morale-all').click();
        return 'morale called';
      }
      return done;
    },
    after: async (table) => {
      const { gm, players, overlay } = table;
      await byId(gm.page, 'lfg-morale-verdict').first().waitFor();
      // [LFG-8] Round 3's check is Rook's again (two PCs, clockwise); its bands label the order everywhere.
      expect(await lfgStep(table)).toBe('party check Rook');
      for (const page of [overlay.page, ...[...players.values()].map((p) => p.page)]) {
        await byId(page, 'slot-tag').first().waitFor();
        expect((await byId(page, 'slot-tag').allTextContents()).join()).toContain('Party');
      }
    },
  },
};
const calledMorale = new WeakSet<object>();

const { server, browser } = serverAndBrowser('systems');

describe('every registered system, played across GM, phones and overlay', () => {
  for (const system of IMPLEMENTED_SYSTEMS) {
    const script = SCRIPTS[system];
    const title = `${system}: two rounds, open slots claimed, the hidden one never shown`;
    const rules = RULE_SCRIPTS[system];
    if (rules) {
      it(title, () => playRules(system, rules));
      continue;
    }
    if (!script) {
      // A system registered in the rules without an end-to-end script must not pass unnoticed.
      it(title, () => {
        throw new Error(`${system} has no end-to-end script in e2e/systems.test.ts`);
      });
      continue;
    }
    it(title, async () => {
      const s = script;
      const base = server().baseUrl;
      const gm = await createOnConsole(browser(), base, `${system} skirmish`, system, s.options);
      await addCombatants(gm.page, s.pcs, s.paste, s.total);
      const names = s.pcs.map((p) => p.name);
      const table = await seatTable(browser(), base, gm, names);
      try {
        await byId(gm.page, 'open-initiative').click();
        await s.beforeRolls?.(table);
        const [first, second] = names.map((n) => table.players.get(n)!.page) as [typeof gm.page, typeof gm.page];
        await byId(first, 'roll-initiative').tap();
        if (s.secondRoll.kind === 'real') {
          await byId(second, 'physical-toggle').tap();
          await byId(second, 'physical-face').fill(String(s.secondRoll.face));
          await byId(second, 'physical-submit').tap();
        } else {
          expect(await byId(second, 'physical-toggle').count(), 'no real-dice entry on this phone').toBe(0);
          await byId(second, 'roll-initiative').tap();
        }
        for (const page of [first, second]) {
          await byId(page, 'my-initiative').waitFor();
          expect(await textOf(page, 'my-initiative')).toMatch(s.rollText);
        }
        if (s.secondRoll.kind === 'real') expect(await textOf(second, 'my-initiative')).toMatch(s.secondRoll.shows);
        await rollMonstersAndStart(gm.page, s.tieControls);
        await allPagesShowRound(table, 1);

        const done: string[] = [];
        let round = 1;
        let shot = false;
        let pcTurnSeen = false;
        while (round <= ROUNDS_TO_PLAY) {
          expect(done.length, `steps so far: ${done.join(', ')}`).toBeLessThan(MAX_STEPS);
          const label = await textOf(gm.page, 'current-turn');
          if (!pcTurnSeen && names.includes(label) && (await byId(gm.page, 'fill-slot').count()) === 0) {
            pcTurnSeen = true;
            await s.duringPcTurn?.(table, label);
          }
          if (round === ROUNDS_TO_PLAY && !shot) {
            shot = true;
            await screenshots(table, system, ARTIFACTS, DOCS);
          }
          done.push(await playStep(table));
          const now = Number(await textOf(gm.page, 'round'));
          if (now !== round) await allPagesShowRound(table, now);
          round = now;
        }
        expect(round).toBe(ROUNDS_TO_PLAY + 1);
        for (const name of names) expect(done.filter((d) => d === `end ${name}`), `${name} acted each round`).toHaveLength(ROUNDS_TO_PLAY);
        expect(await hiddenNowhere(table, s.hidden)).toEqual([]);
        expect(gm.errors).toEqual([]);
      } finally {
        await table.close();
      }
    });
  }
});

/** A dc20 or lfg encounter: the system's own initiative, then two rounds of its own steps and ended turns. */
async function playRules(system: SystemId, s: RuleScript): Promise<void> {
  const base = server().baseUrl;
  const gm = await createOnConsole(browser(), base, `${system} skirmish`, system, {});
  await addCombatants(gm.page, s.pcs, s.paste, s.total);
  const names = s.pcs.map((p) => p.name);
  const table = await seatTable(browser(), base, gm, names);
  try {
    await s.setup(table);
    await byId(gm.page, 'open-initiative').click();
    await s.roll(table, names);
    await byId(gm.page, 'start-combat').click();
    await allPagesShowRound(table, 1);
    const done: string[] = [];
    let round = 1;
    let shot = false;
    while (round <= ROUNDS_TO_PLAY) {
      expect(done.length, `steps so far: ${done.join(', ')}`).toBeLessThan(MAX_STEPS);
      if (round === ROUNDS_TO_PLAY && !shot && (await textOf(gm.page, 'current-turn')) !== '—') {
        shot = true;
        await screenshots(table, system, ARTIFACTS, DOCS);
      }
      done.push((await s.step(table)) ?? (await endTurnStep(table)));
      const now = Number(await textOf(gm.page, 'round'));
      if (now !== round) await allPagesShowRound(table, now);
      round = now;
    }
    expect(round).toBe(ROUNDS_TO_PLAY + 1);
    for (const name of names) expect(done.filter((d) => d === `end ${name}`), `${name} acted each round (${done.join(', ')})`).toHaveLength(ROUNDS_TO_PLAY);
    await s.after(table);
    expect(await hiddenNowhere(table, s.hidden)).toEqual([]);
    expect(gm.errors).toEqual([]);
  } finally {
    await table.close();
  }
}
