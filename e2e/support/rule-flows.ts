// The steps of play for systems whose turns are not plain open slots (systems.test.ts): dc20's PC-turn
// claims and enemy assignment, lfg's party check each round. Each returns what it did, or null when
// the step is the usual one (end the current turn).
import type { Page } from 'playwright-core';
import { byId, type Table } from './table.js';

const phoneOf = (table: Table, name: string): Page => {
  const player = table.players.get(name);
  if (!player) throw new Error(`no phone for ${name}`);
  return player.page;
};

/** [DC20-15] The first candidate claims the PC turn from their phone, the others pass; [DC20-18] the GM places an enemy. */
export async function dc20Step(table: Table): Promise<string | null> {
  const gm = table.gm.page;
  if ((await byId(gm, 'dc20-claims').count()) > 0) {
    const names = await byId(gm, 'dc20-candidate').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
    const [first, ...rest] = names;
    await byId(phoneOf(table, first!), 'dc20-claims').getByTestId('dc20-claim').tap();
    // The claim lands: the claimant's answer shows, or the turn is already decided.
    await gm.waitForFunction(
      (n) => !document.querySelector('[data-testid="dc20-claims"]') || !document.querySelector(`[data-testid="dc20-candidate"][data-name="${n}"]`)?.textContent?.includes('thinking'),
      first!,
    );
    for (const name of rest) {
      if ((await byId(gm, 'dc20-claims').count()) === 0) break;
      const row = gm.locator(`[data-testid="dc20-candidate"][data-name="${name}"]`);
      if ((await row.count()) > 0 && (await row.textContent())?.includes('thinking')) await byId(phoneOf(table, name), 'dc20-pass').tap();
    }
    await byId(gm, 'dc20-claims').waitFor({ state: 'detached' });
    return `claim ${first}`;
  }
  const waiting = gm.locator('[data-testid="dc20-enemy-turn"][data-waiting="true"]');
  if ((await waiting.count()) > 0) {
    const choice = waiting.getByTestId('dc20-assign-choice');
    const label = ((await choice.locator('option').nth(1).textContent()) ?? '').trim();
    await choice.selectOption({ index: 1 });
    await waiting.getByTestId('dc20-assign').click();
    await waiting.waitFor({ state: 'detached', timeout: 5000 }).catch(async (e: unknown) => {
      throw new Error(`assigning ${label}: ${(await byId(gm, 'error').allTextContents()).join('; ')} ${await byId(gm, 'current-turn').textContent()}`, { cause: e });
    });
    return `assign ${label}`;
  }
  return null;
}

/** [LFG-7] A round waiting for the party's check: the roller rolls it from their phone. */
export async function lfgStep(table: Table): Promise<string | null> {
  const gm = table.gm.page;
  if ((await byId(gm, 'lfg-gm-roll-party').count()) === 0) return null;
  for (const [name, { page }] of table.players) {
    if ((await byId(page, 'lfg-roll-party').count()) === 0) continue;
    await byId(page, 'lfg-roll-party').tap();
    await byId(gm, 'lfg-gm-roll-party').waitFor({ state: 'detached' });
    return `party check ${name}`;
  }
  throw new Error('the round waits for a party check, but no phone offers it');
}
