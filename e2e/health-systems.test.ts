// Health in DC20, UESRPG, Low Fantasy Gaming and FFG/Genesys combat, in real Chromium: each system's
// own states and what happens at 0 (health.test.ts has D&D 5e, the overlay's choices and the minion
// pool in setup). Combat is reached from Node (GmScript) so each test starts at its point.
import { afterEach, describe, expect, it } from 'vitest';
import type { GmScript } from './support/gm-script.js';
import { serverAndBrowser } from './support/suite.js';
import { byId, entry, HealthTables, numbersOf, row, standing, stateOf } from './support/health-table.js';

/** [DC20-13] Only PCs roll, against the Encounter DC; the turns alternate from there. */
async function dc20Combat(script: GmScript): Promise<void> {
  await script.send({ type: 'dc20-set-encounter-dc', dc: { kind: 'table', level: 1, difficulty: 'normal' } });
  await script.send({ type: 'begin-initiative' });
  for (const c of script.view.combatants.filter((x) => x.side === 'pc')) await script.send({ type: 'dc20-roll-initiative', combatantId: c.id });
  await script.send({ type: 'start-combat' });
  await script.waitFor((view) => view.phase === 'active');
}

/** [UES-1] The GM settles surprise (nobody) before anyone rolls. */
const uesrpgCombat = (script: GmScript) => script.startCombat(() => script.send({ type: 'uesrpg-set-surprise', surprised: [] }));

/** [LFG-7] The roller's party check, a real die typed on their phone's behalf. */
async function lfgCombat(script: GmScript, roller: string): Promise<void> {
  await script.send({ type: 'begin-initiative' });
  await script.sendAs(roller, { type: 'enter-initiative', unit: { kind: 'combatant', id: script.id(roller) }, faces: [5] });
  await script.send({ type: 'start-combat' });
  await script.waitFor((view) => view.phase === 'active');
}

describe('health in each system’s combat', () => {
  const suite = serverAndBrowser('health-systems');
  const tables = new HealthTables(suite.browser, () => suite.server().baseUrl);

  afterEach(async () => {
    expect(await tables.close()).toEqual([]);
  });

  it("[DC20-41] [DC20-42] [DC20-43] Bloodied, Well-Bloodied and down for an enemy; a PC on Death's Door keeps acting and is healed back", async () => {
    const t = await tables.table(
      'dc20',
      [
        { name: 'Ayla', side: 'pc', stats: {}, health: { max: 20 } },
        { name: 'Bram', side: 'pc', stats: {}, health: { max: 16 } },
        { name: 'Ogre', side: 'enemy', stats: {}, health: { max: 40 } },
      ],
      'Ayla',
      dc20Combat,
    );
    await entry(t.gm, 'Ogre', '-20');
    await expect.poll(() => stateOf(t.gm, 'Ogre')).toBe('bloodied');
    await entry(t.gm, 'Ogre', '-11');
    await expect.poll(() => stateOf(t.gm, 'Ogre')).toBe('well-bloodied');
    expect(await numbersOf(t.gm, 'Ogre').textContent()).toBe('9/40 HP');
    await entry(t.gm, 'Ogre', '-9');
    await expect.poll(() => row(t.gm, 'Ogre').getAttribute('class')).toContain('defeated');
    expect(await stateOf(t.gm, 'Ogre')).toBe('down');
    // Ayla's player takes 25 on her phone: Death's Door, her HP below 0, still in the fight.
    await byId(t.phone, 'my-health-amount').fill('25');
    await byId(t.phone, 'my-damage').tap();
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health').getAttribute('data-state')).toBe('deaths-door');
    await expect.poll(() => stateOf(t.gm, 'Ayla')).toBe('deaths-door');
    expect(await row(t.gm, 'Ayla').getAttribute('class')).not.toContain('defeated');
    expect(t.script.view.combatants.find((c) => c.name === 'Ayla')?.defeated).toBe(false);
    // Healing counts up from below 0: −5 + 10 = 5 of 20, Well-Bloodied.
    await entry(t.gm, 'Ayla', '+10');
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('5/20 HP');
    expect(await byId(t.phone, 'my-health').getByTestId('health').getAttribute('data-state')).toBe('well-bloodied');
  });

  it('[UES-33] anyone at 0 leaves the order on every screen, and healing brings them back', async () => {
    const t = await tables.table(
      'uesrpg',
      [
        { name: 'Lydia', side: 'pc', stats: { agility: 42 }, health: { max: 14 } },
        { name: 'Marcurio', side: 'pc', stats: { agility: 35 }, health: { max: 12 } },
        { name: 'Troll', side: 'enemy', stats: { agility: 30 }, health: { max: 30 } },
      ],
      'Lydia',
      uesrpgCombat,
    );
    // Neither is the current turn's actor when hit, so their slots stay until they fall.
    const current = () => t.script.view.turn?.actorIds ?? [];
    while (current().includes(t.script.id('Troll')) || current().includes(t.script.id('Lydia'))) await t.script.endTurns(1);
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Troll').waitFor();
    await entry(t.gm, 'Troll', '-30');
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Troll').waitFor({ state: 'detached' });
    expect(await stateOf(t.gm, 'Troll')).toBe('down');
    // A PC at 0 is down and out too (UES-33's decision), from their own phone.
    await byId(t.phone, 'my-health-amount').fill('14');
    await byId(t.phone, 'my-damage').tap();
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Lydia').waitFor({ state: 'detached' });
    await entry(t.gm, 'Lydia', '+4');
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Lydia').waitFor();
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('4/14 HP');
  });

  it('[LFG-30] [LFG-31] the boss brought to 0 leaves the order and the console asks for a morale check', async () => {
    const t = await tables.table(
      'lfg',
      [
        { name: 'Ana', side: 'pc', stats: { initiative: 12 }, health: { max: 10 } },
        { name: 'Goblin', side: 'enemy', stats: { will: 7 }, count: 2, health: { max: 4 } },
        { name: 'Sorcerer', side: 'enemy', stats: { rank: 2, will: 12, leader: 1 }, health: { max: 9 } },
      ],
      'Ana',
      (script) => lfgCombat(script, 'Ana'),
    );
    while ((t.script.view.turn?.actorIds ?? []).includes(t.script.id('Sorcerer'))) await t.script.endTurns(1);
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Sorcerer').waitFor();
    await entry(t.gm, 'Sorcerer', '-9');
    for (const page of [t.gm, t.phone, t.overlay]) await standing(page, 'Sorcerer').waitFor({ state: 'detached' });
    const ask = byId(t.gm, 'lfg-morale-suggested');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Goblin');
    // Ana at 0 is incapacitated (LFG-30's decision): out of the order until healed.
    await entry(t.gm, 'Ana', '-10');
    await expect.poll(() => byId(t.phone, 'my-health').getByTestId('health').getAttribute('data-state')).toBe('down');
    await expect.poll(() => row(t.gm, 'Ana').getAttribute('class')).toContain('defeated');
  });

  it('[GEN-38] a minion group in combat fills NPC slots with its members still standing, and none once all are down', async () => {
    const t = await tables.table(
      'genesys',
      [
        { name: 'Kell', side: 'pc', stats: {}, health: { max: 12, strain: 10 } },
        { name: 'Stormtrooper', side: 'enemy', stats: {}, count: 3, health: { max: 5 } },
        { name: 'Officer', side: 'enemy', stats: {}, health: { max: 10 } },
      ],
      'Kell',
      (script) => script.startCombat(),
    );
    // Two of three down once the pool exceeds two thresholds' worth (GEN-38: 11 wounds on 5 each).
    await entry(t.gm, 'Stormtrooper 1', '-11');
    await expect.poll(() => t.gm.locator('[data-testid="roster-row"][data-name^="Stormtrooper"].defeated').count()).toBe(2);
    // The group still fills a slot, with one member: the console offers it when an NPC slot opens.
    const npcSlotOpen = async () => {
      // The script's own view says when the encounter waits for a slot to be filled: the console may
      // lag behind it, and ending a turn then is refused.
      while (t.script.view.phase === 'active' && !t.script.view.pending.some((p) => p.kind === 'fill-slot')) await t.script.endTurns(1);
      await expect.poll(() => byId(t.gm, 'fill-choice').count()).toBeGreaterThan(0);
    };
    await npcSlotOpen();
    const choices = () => byId(t.gm, 'fill-choice').locator('option').allTextContents();
    await expect.poll(async () => (await choices()).some((c) => c.includes('Stormtrooper'))).toBe(true);
    // The last one down: the group can fill no slot.
    await entry(t.gm, 'Stormtrooper 3', '-5');
    await expect.poll(() => t.gm.locator('[data-testid="roster-row"][data-name^="Stormtrooper"].defeated').count()).toBe(3);
    await expect.poll(async () => (await choices()).some((c) => c.includes('Stormtrooper'))).toBe(false);
    expect(await choices()).toEqual(expect.arrayContaining([expect.stringContaining('Officer')]));
  });
});
