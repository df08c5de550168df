// Health across the GM console, a phone and the overlay, in real Chromium: a monster brought to 0
// leaves every screen's order, an area effect is one command and one undo, the overlay shows enemies'
// states and the party's numbers, a D&D 5e PC goes down, makes death saves on the phone and is healed
// back, a Genesys minion group loses members as its shared wound pool fills (wounds and strain), and a
// Genesys PC catches their breath on the phone once the encounter has ended, while the GM heals the
// incapacitated from the console.
// Each test makes its own encounter.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewCombatant, SystemId } from '../packages/rules/src/index.js';
import { STREAM } from './support/browser.js';
import { contrastFailures, describeFailure } from './support/contrast.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';
import { byId, entry, HealthTables, numbersOf, row, slot, standing } from './support/health-table.js';

const DND5E_TABLE: readonly NewCombatant[] = [
  { name: 'Aria', side: 'pc', stats: { dex: 16 }, health: { max: 20 } },
  { name: 'Borin', side: 'pc', stats: { dex: 12 }, health: { max: 12 } },
  { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, count: 3, health: { max: 7 } },
  { name: 'Bugbear', side: 'enemy', stats: { dex: 10 }, health: { max: 27 } },
];

describe('health on every screen', () => {
  const suite = serverAndBrowser('health');
  const tables = new HealthTables(suite.browser, () => suite.server().baseUrl);
  const open = tables.open.bind(tables);
  const table = (system: SystemId, combatants: readonly NewCombatant[], seated: string, start: boolean) =>
    tables.table(system, combatants, seated, start ? (script) => script.startCombat() : undefined);

  afterEach(async () => {
    expect(await tables.close()).toEqual([]);
  });

  it('[ENG-29] a monster brought to 0 from the console leaves the order on the console, the phone and the overlay', async () => {
    const t = await table('dnd5e', DND5E_TABLE, 'Aria', true);
    // Not on the Bugbear's own turn: the current slot stays until its turn ends.
    if (t.script.view.turn?.actorIds.includes(t.script.view.combatants.find((c) => c.name === 'Bugbear')!.id)) {
      await t.script.send({ type: 'end-turn' });
    }
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Bugbear').waitFor();
    await entry(t.gm, 'Bugbear', '-10');
    await expect.poll(() => numbersOf(t.gm, 'Bugbear').textContent()).toBe('17/27 HP');
    await entry(t.gm, 'Bugbear', '-17');
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Bugbear').waitFor({ state: 'detached' });
    expect(await row(t.gm, 'Bugbear').getAttribute('class')).toContain('defeated');
    expect(await row(t.gm, 'Bugbear').getByTestId('health').getAttribute('data-state')).toBe('down');
    // Healing brings it back into the order (ENG-29: a crossing back).
    await entry(t.gm, 'Bugbear', '+3');
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Bugbear').waitFor();
  });

  it('[ENG-26] an area effect on three goblins is one command from the selected rows, and one undo', async () => {
    const t = await table('dnd5e', DND5E_TABLE, 'Aria', true);
    const undoBefore = t.script.view.undo!.undo;
    for (const name of ['Goblin 1', 'Goblin 2', 'Goblin 3']) await row(t.gm, name).getByTestId('row-select').click();
    expect(await byId(t.gm, 'health-selected-count').textContent()).toBe('3');
    await byId(t.gm, 'health-entry-several').fill('-5');
    await byId(t.gm, 'health-entry-several').press('Enter');
    for (const name of ['Goblin 1', 'Goblin 2', 'Goblin 3']) await expect.poll(() => numbersOf(t.gm, name).textContent()).toBe('2/7 HP');
    await t.script.waitFor((view) => view.undo!.undo === undoBefore + 1);
    // One line per target in the log, under one command.
    await t.gm.locator('[data-testid="log-line"]', { hasText: 'Goblin 3 takes 5' }).first().waitFor();
    await byId(t.gm, 'undo').click();
    for (const name of ['Goblin 1', 'Goblin 2', 'Goblin 3']) await expect.poll(() => numbersOf(t.gm, name).textContent()).toBe('7/7 HP');
    // A quick entry it cannot read is said in a sentence and sends nothing.
    await entry(t.gm, 'Goblin 1', 'seven');
    await row(t.gm, 'Goblin 1').getByTestId('health-entry-error').waitFor();
    expect(t.script.view.undo!.undo).toBe(undoBefore);
  });

  it('[ENG-32] the overlay shows enemies as states and the party as numbers by default, and follows the GM’s choice', async () => {
    const t = await table('dnd5e', DND5E_TABLE, 'Aria', true);
    await entry(t.gm, 'Bugbear', '-20');
    await entry(t.gm, 'Borin', '-2');
    await expect.poll(() => slot(t.overlay, 'Bugbear').getByTestId('health-state').textContent()).toBe('Bloodied');
    expect(await slot(t.overlay, 'Bugbear').getByTestId('health-numbers').count()).toBe(0);
    await expect.poll(() => slot(t.overlay, 'Borin').getByTestId('health-numbers').textContent()).toBe('10/12 HP');
    // The phone: the party's numbers, the enemies' states; the GM sees every number.
    await expect.poll(() => slot(t.phone, 'Borin').getByTestId('health-numbers').textContent()).toBe('10/12 HP');
    expect(await slot(t.phone, 'Bugbear').getByTestId('health-numbers').count()).toBe(0);
    await expect.poll(() => numbersOf(t.gm, 'Bugbear').textContent()).toBe('7/27 HP');
    // No frame to the overlay carries the Bugbear's numbers.
    const overlayFrames = tables.opened[2]!.frames.join('\n');
    expect(overlayFrames).not.toContain('"max":27');
    // The GM shows nothing of the party mid-combat: the party's health leaves the overlay.
    await t.gm.getByText('Health: who sees what').click();
    await byId(t.gm, 'sight-partyHealthView').selectOption('none');
    await slot(t.overlay, 'Borin').getByTestId('health').waitFor({ state: 'detached' });
    expect(await slot(t.overlay, 'Bugbear').getByTestId('health').count()).toBe(1);
  });

  it('[DND-17] [DND-18] [DND-20] a PC goes down from the phone, makes death saves there with a real d20, and is healed back by the GM', async () => {
    const t = await table('dnd5e', DND5E_TABLE, 'Aria', true);
    await byId(t.phone, 'my-health-amount').fill('25');
    await byId(t.phone, 'my-damage').tap();
    await byId(t.phone, 'death-saves').waitFor();
    expect(await byId(t.phone, 'my-health').getByTestId('health').getAttribute('data-state')).toBe('dying');
    // Still in the order: a dying PC keeps its turn.
    await slot(t.overlay, 'Aria').waitFor();
    // [DND-18] (issue 28) Her save comes at the start of her own turn, once: not on another's turn.
    const ariaActs = () => t.script.view.turn?.actorIds.includes(t.script.id('Aria')) ?? false;
    const toHerTurn = async () => {
      if (ariaActs()) await t.script.endTurns(1);
      while (!ariaActs()) {
        await expect.poll(() => byId(t.phone, 'death-save-wait').getAttribute('data-timing')).toMatch(/not-their-turn|made/);
        expect(await byId(t.phone, 'death-save-face').count()).toBe(0);
        await t.script.endTurns(1);
      }
      await byId(t.phone, 'your-turn-banner').waitFor();
    };
    await byId(t.phone, 'death-save-wait').waitFor();
    await t.phone.screenshot({ path: join(ARTIFACTS, 'death-save-wait-360.png') });
    await toHerTurn();
    await byId(t.phone, 'death-save-face').fill('15');
    await byId(t.phone, 'death-save-enter').tap();
    await expect.poll(() => byId(t.phone, 'death-save-tally').getAttribute('data-successes')).toBe('1');
    // A second save in the same turn is not offered (the table's natural 20 came that way).
    await expect.poll(() => byId(t.phone, 'death-save-wait').getAttribute('data-timing')).toBe('made');
    expect(await byId(t.phone, 'death-save-roll').count()).toBe(0);
    await toHerTurn();
    await byId(t.phone, 'death-save-face').fill('4');
    await byId(t.phone, 'death-save-enter').tap();
    await expect.poll(() => byId(t.phone, 'death-save-tally').getAttribute('data-failures')).toBe('1');
    // The GM sees the tally too, and the log says it in words.
    expect(await t.gm.locator('[data-testid="death-saves"][data-name="Aria"]').count()).toBe(1);
    await entry(t.gm, 'Aria', '+6');
    await byId(t.phone, 'death-saves').waitFor({ state: 'detached' });
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('6/20 HP');
    await expect.poll(() => slot(t.overlay, 'Aria').getByTestId('health-numbers').textContent()).toBe('6/20 HP');
    // Temporary hit points from the console, taken first by damage typed on the phone.
    await entry(t.gm, 'Aria', 't5');
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('6/20 HP +5 temp');
    await byId(t.phone, 'my-health-amount').fill('7');
    await byId(t.phone, 'my-damage').tap();
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('4/20 HP');
    // WCAG AA for the health text on every page, the overlay in both themes over scenes from black to white.
    await byId(t.phone, 'my-health-amount').fill('3');
    const light = await open(STREAM, `${suite.server().baseUrl}/overlay?theme=light#e=${t.script.created.encounterId}&t=${t.script.created.spectatorToken}`);
    await slot(light.page, 'Aria').getByTestId('health').waitFor();
    for (const [label, page, transparentPage] of [
      ['phone', t.phone, false],
      ['console', t.gm, false],
      ['overlay dark', t.overlay, true],
      ['overlay light', light.page, true],
    ] as const) {
      const report = await contrastFailures(page, { transparentPage });
      expect.soft(report.failures.map(describeFailure), `${label}: text below WCAG AA`).toEqual([]);
    }
    await t.phone.screenshot({ path: join(ARTIFACTS, 'health-player.png'), animations: 'disabled' });
    await t.overlay.screenshot({ path: join(ARTIFACTS, 'health-overlay.png'), animations: 'disabled' });
    await t.gm.screenshot({ path: join(ARTIFACTS, 'health-gm.png'), animations: 'disabled' });
  });

  it('[GEN-37] [ENG-31] a genesys minion group loses members as its shared pool fills; a PC takes strain from the phone', async () => {
    const t = await table(
      'genesys',
      [
        { name: 'Kell', side: 'pc', stats: {}, health: { max: 12, strain: 10 } },
        { name: 'Stormtrooper', side: 'enemy', stats: {}, count: 3, health: { max: 5 } },
      ],
      'Kell',
      false,
    );
    await expect.poll(() => numbersOf(t.gm, 'Stormtrooper 1').textContent()).toBe('0/15 wounds (5 each)');
    await entry(t.gm, 'Stormtrooper 1', '-6');
    await expect.poll(() => row(t.gm, 'Stormtrooper 1').getAttribute('class')).toContain('defeated');
    expect(await row(t.gm, 'Stormtrooper 2').getAttribute('class')).not.toContain('defeated');
    await entry(t.gm, 'Stormtrooper 2', '-5');
    await expect.poll(() => row(t.gm, 'Stormtrooper 2').getAttribute('class')).toContain('defeated');
    expect(await numbersOf(t.gm, 'Stormtrooper 3').textContent()).toBe('11/15 wounds (5 each)');
    expect(await row(t.gm, 'Stormtrooper 3').getAttribute('class')).not.toContain('defeated');
    // Strain on the PC's own phone, on the strain track.
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('0/12 wounds · 0/10 strain');
    await byId(t.phone, 'my-health-amount').fill('3');
    await byId(t.phone, 'my-health-track').selectOption('strain');
    await byId(t.phone, 'my-damage').tap();
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('0/12 wounds · 3/10 strain');
    await expect.poll(() => numbersOf(t.gm, 'Kell').textContent()).toBe('0/12 wounds · 3/10 strain');
    // The GM's strain entry: past the threshold the PC is incapacitated.
    await entry(t.gm, 'Kell', 's-8');
    await expect.poll(() => row(t.gm, 'Kell').getByTestId('health').getAttribute('data-state')).toBe('incapacitated');
    // The whole group down once the pool exceeds all three thresholds (GEN-38: 16 of 15); healing brings one back.
    await entry(t.gm, 'Stormtrooper 3', '-5');
    await expect.poll(() => row(t.gm, 'Stormtrooper 3').getAttribute('class')).toContain('defeated');
    await entry(t.gm, 'Stormtrooper 3', '+5');
    await expect.poll(() => t.gm.locator('[data-testid="roster-row"][data-name^="Stormtrooper"].defeated').count()).toBe(2);
  });

  it('[GEN-40] [GEN-31] when the encounter ends a PC catches their breath on the phone with real dice and recovers strain', async () => {
    const t = await table('genesys', [{ name: 'Kell', side: 'pc', stats: {}, health: { max: 12, strain: 10 } }], 'Kell', false);
    await t.script.send({ type: 'apply-damage', targets: [{ combatantId: t.script.id('Kell'), amount: 3 }], track: 'strain' });
    await t.script.send({ type: 'end-encounter' });
    // Both the console and the phone offer it; Presence 2, Cool 0: two Ability dice.
    await byId(t.gm, 'genesys-strain-recovery').waitFor();
    const box = byId(t.phone, 'genesys-strain-recovery');
    await box.waitFor();
    expect(await byId(t.phone, 'genesys-recover').textContent()).toContain('Roll 2 dice');
    await byId(t.phone, 'genesys-recover-faces').fill('4 2'); // ss + s: three successes
    await byId(t.phone, 'genesys-recover-real').tap();
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('0/12 wounds · 0/10 strain');
    await box.waitFor({ state: 'detached' });
    await byId(t.gm, 'genesys-strain-recovery').waitFor({ state: 'detached' });
  });

  it('[GEN-31] once the encounter has ended the GM heals an incapacitated character from the console, and the server has it back on its feet', async () => {
    const t = await table(
      'genesys',
      [
        { name: 'Kell', side: 'pc', stats: {}, health: { max: 12, strain: 10 } },
        { name: 'Vex', side: 'pc', stats: {}, health: { max: 10 } },
      ],
      'Kell',
      false,
    );
    await t.script.send({ type: 'apply-damage', targets: [{ combatantId: t.script.id('Vex'), amount: 11 }] });
    await t.script.send({ type: 'end-encounter' });
    await expect.poll(() => row(t.gm, 'Vex').getByTestId('health').getAttribute('data-state')).toBe('incapacitated');
    // Step 5: "may take steps to help heal any incapacitated characters".
    await entry(t.gm, 'Vex', '+4');
    await expect.poll(() => numbersOf(t.gm, 'Vex').textContent()).toBe('7/10 wounds');
    await expect.poll(() => row(t.gm, 'Vex').getAttribute('class')).not.toContain('defeated');
    // The server took it: the view of the GM's own script connection says so too.
    await expect.poll(() => t.script.view.combatants.find((c) => c.name === 'Vex')?.defeated).toBe(false);
    // Damage is over with the fight: the same entry refuses it in a sentence (ENG-8).
    await entry(t.gm, 'Vex', '-2');
    await expect.poll(() => numbersOf(t.gm, 'Vex').textContent()).toBe('7/10 wounds');
  });
});
