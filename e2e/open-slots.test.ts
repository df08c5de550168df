// [issue 28] An open slot waiting to be claimed (a genesys PC or NPC slot, a dc20 PC turn) is marked as
// such on the phones and the overlay, not shown as nobody acting.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { GmScript, statsFor } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';

const { server, pages } = serverAndPages('open-slots');
const scripts: GmScript[] = [];
afterAll(() => scripts.forEach((s) => s.close()));

/** The overlay's current row and what the phone says is happening now. */
async function shownNow(overlay: Page, phone: Page): Promise<{ overlay: string | null; open: string | null; phone: string }> {
  const row = overlay.locator('[data-testid="order-slot"][data-current="true"]');
  await expect.poll(() => row.count()).toBe(1);
  return {
    overlay: ((await row.textContent()) ?? '').replace(/\s+/g, ' ').trim(),
    open: await row.getAttribute('data-open'),
    phone: ((await phone.getByTestId('now').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
  };
}

describe('an open slot waiting to be claimed', () => {
  it('[GEN-19] a genesys PC slot up and unclaimed: the overlay marks it current and open, the phone says it waits for a PC', async () => {
    const script = await GmScript.create(server().baseUrl, 'Open slots', 'genesys');
    scripts.push(script);
    await script.add(
      { name: 'Kell', side: 'pc', stats: statsFor('genesys') },
      { name: 'Mira', side: 'pc', stats: statsFor('genesys') },
      { name: 'Officer', side: 'enemy', stats: statsFor('genesys') },
    );
    await script.startCombat();
    const pcSlotWaits = (v: typeof script.view) =>
      v.pending.some((p) => p.kind === 'fill-slot' && v.order.find((s) => s.id === p.slotId)?.side === 'pc');
    // Through the NPC slot (the GM puts the Officer on it) until a PC slot is up.
    while (!pcSlotWaits(script.view)) {
      const npc = script.view.pending.find((p) => p.kind === 'fill-slot');
      if (npc) await script.send({ type: 'claim-turn', combatantIds: [script.id('Officer')] });
      else await script.endTurns(1);
    }
    const overlay = (await pages().overlay(script)).page;
    const phone = (await pages().phone(script, 'Mira')).page;
    const now = await shownNow(overlay, phone);
    await overlay.screenshot({ path: join(ARTIFACTS, 'open-slot-overlay.png') });
    await phone.screenshot({ path: join(ARTIFACTS, 'open-slot-phone.png') });
    expect(now.open).toBe('true');
    expect(now.overlay).toMatch(/PC slot.*open: waiting for a PC/);
    expect(now.phone).toMatch(/Now: PC slot open: waiting for a PC to take it/);
    
  });
});
