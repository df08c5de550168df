// Genesys on the phone (issue 28): Boost and Setback typed after the skill is chosen go into the check;
// the health row (amount, wounds or strain, damage, heal) fits 390 and 360 px without overlapping.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { horizontalOverflow } from './support/checks.js';
import { GmScript, statsFor } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';
import { byId } from './support/table.js';

const { server, pages } = serverAndPages('genesys-phone');
const scripts: GmScript[] = [];
afterAll(() => scripts.forEach((s) => s.close()));

async function encounter(name: string): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, name, 'genesys');
  scripts.push(script);
  await script.add(
    { name: 'Kell', side: 'pc', stats: statsFor('genesys'), health: { max: 12, strain: 10 } },
    { name: 'Officer', side: 'enemy', stats: statsFor('genesys'), health: { max: 10 } },
  );
  return script;
}

/** Pairs of the health form's parts that overlap, and parts outside the card; a select too narrow for its words. */
const healthRowProblems = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('[data-testid="my-health"]')!;
    const form = card.querySelector('form')!;
    const parts = [...form.children] as HTMLElement[];
    const box = card.getBoundingClientRect();
    const problems: string[] = [];
    const name = (el: Element) => el.getAttribute('data-testid') ?? el.textContent?.trim().split(/\s+/)[0] ?? el.tagName;
    parts.forEach((a, i) => {
      const r = a.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push(`${name(a)} outside the card`);
      for (const b of parts.slice(i + 1)) {
        const o = b.getBoundingClientRect();
        if (r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    });
    // Each label's words fit beside nothing else: no label text wider than its box.
    for (const label of form.querySelectorAll('label')) if (label.scrollWidth > label.clientWidth + 1) problems.push(`${name(label)} label cut`);
    const select = form.querySelector('select');
    if (select) {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.style.position = 'absolute';
      document.body.append(probe);
      for (const option of select.options) {
        probe.textContent = option.text;
        // The words and the select's arrow (about 2em).
        if (probe.getBoundingClientRect().width + 2 * parseFloat(getComputedStyle(select).fontSize) > select.clientWidth) problems.push(`select too narrow for "${option.text}"`);
      }
      probe.remove();
    }
    for (const button of form.querySelectorAll('button')) if (button.scrollWidth > button.clientWidth + 1) problems.push(`${name(button)} spills out`);
    return problems;
  });

describe('genesys on the phone', () => {
  it('[GEN-13] a Boost and a Setback typed after choosing Cool go into the declared check', async () => {
    const script = await encounter('Boost after Cool');
    await script.send({ type: 'begin-initiative' });
    const { page } = await pages().phone(script, 'Kell');
    await byId(page, 'check-cool').tap();
    const kellCheck = () => {
      const ext = script.view.ext;
      return ext?.system === 'genesys' ? ext.checks.find((c) => c.unit.id === script.id('Kell')) : undefined;
    };
    await expect.poll(() => kellCheck()?.skill).toBe('cool');
    await byId(page, 'check-boost').fill('2');
    await byId(page, 'check-setback').fill('1');
    await byId(page, 'check-setback').blur();
    await expect.poll(() => kellCheck() && { skill: kellCheck()!.skill, boost: kellCheck()!.boost, setback: kellCheck()!.setback }).toEqual({ skill: 'cool', boost: 2, setback: 1 });
    // The phone says what the roll will use.
    await expect.poll(() => byId(page, 'check-summary').textContent()).toMatch(/Cool.*2 Boost.*1 Setback/);
    await page.screenshot({ path: join(ARTIFACTS, 'genesys-check-360.png') });
  });

  it('[issue 28] the health row with wounds and strain fits the phone at 390 and 360 px', async () => {
    const script = await encounter('Health row');
    await script.startCombat();
    const { page } = await pages().phone(script, 'Kell');
    await byId(page, 'my-health-track').waitFor();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await byId(page, 'my-health-amount').fill('3');
      expect(await healthRowProblems(page), `at ${width} px`).toEqual([]);
      expect((await horizontalOverflow(page)).px, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await byId(page, 'my-health').screenshot({ path: join(ARTIFACTS, `genesys-health-${width}.png`) });
    }
  });
});
