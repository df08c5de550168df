import { describe, expect, it } from 'vitest';
import { systemCatalogue } from '@roundkeeper/rules/catalogue';
import { PHYSICAL_DICE } from '@roundkeeper/rules/core';
import { hasOptionWords, optionWords, PHYSICAL_DICE_WORDS, valueLabel } from './option-words.js';

describe("every system's options in the table's words", () => {
  for (const system of systemCatalogue()) {
    it(`${system.id}: each flag has a label, a one-line explanation and its rule; each choice's values a label`, () => {
      for (const [key, def] of Object.entries(system.flags)) {
        expect(hasOptionWords(system.id, key), `${system.id}.${key} has no words`).toBe(true);
        const words = optionWords(system.id, key);
        expect(words.label).not.toBe(key);
        expect(words.help.length).toBeGreaterThan(20);
        expect(words.help).not.toMatch(/\n/);
        expect(words.rule).toMatch(/^[A-Z0-9]+-\d+/);
        if (def.kind === 'choice') {
          for (const value of def.values) expect(valueLabel(words, value), `${system.id}.${key}=${value}`).not.toBe(value);
        }
      }
    });
  }
  it('says who types real dice in words', () => {
    for (const value of PHYSICAL_DICE) expect(valueLabel(PHYSICAL_DICE_WORDS, value)).not.toBe(value);
  });
});

describe('the health options in words', () => {
  it('[ENG-28] [ENG-32] each engine health option has a label, a line and its rule; each sight a label', async () => {
    const { ENGINE_FLAGS } = await import('@roundkeeper/rules/core');
    const { HEALTH_OPTION_WORDS } = await import('./option-words.js');
    for (const key of ['playersDamageHeal', 'npcHealthView', 'partyHealthView']) {
      const def = ENGINE_FLAGS[key]!;
      const words = HEALTH_OPTION_WORDS[key]!;
      expect(words.help.length).toBeGreaterThan(20);
      expect(words.rule).toMatch(/^ENG-\d+/);
      if (def.kind === 'choice') for (const value of def.values) expect(valueLabel(words, value)).not.toBe(value);
    }
  });
});

describe('the turn timer options in words', () => {
  it('[ENG-39] [ENG-41] each timer option has a label, a line and its rule; each outcome a label', async () => {
    const { ENGINE_FLAGS, TURN_SECONDS_OPTION, TURN_TIMEOUT_OPTION } = await import('@roundkeeper/rules/core');
    const { TIMER_OPTION_WORDS } = await import('./option-words.js');
    for (const key of [TURN_SECONDS_OPTION, TURN_TIMEOUT_OPTION]) {
      const def = ENGINE_FLAGS[key]!;
      const words = TIMER_OPTION_WORDS[key]!;
      expect(words.help.length).toBeGreaterThan(20);
      expect(words.rule).toMatch(/^ENG-\d+/);
      if (def.kind === 'choice') for (const value of def.values) expect(valueLabel(words, value)).not.toBe(value);
    }
  });
});
