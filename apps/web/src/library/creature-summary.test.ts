import { describe, expect, it } from 'vitest';
import { systemCatalogue } from '@roundkeeper/rules/catalogue';
import { creatureSummary } from './creature-summary.js';

const system = (id: string) => {
  const found = systemCatalogue().find((s) => s.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('creatureSummary', () => {
  it('names the stats the creature has and its health in the system’s terms', () => {
    expect(creatureSummary({ name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } }, system('dnd5e'))).toBe('Dexterity 14 · Max HP 7');
    expect(creatureSummary({ name: 'Minion', side: 'enemy', stats: {}, health: { max: 5, strain: 4 } }, system('genesys'))).toBe('Wounds 5 · Strain 4');
    expect(creatureSummary({ name: 'Nobody', side: 'npc', stats: {} }, system('dnd5e'))).toBe('');
  });
});
