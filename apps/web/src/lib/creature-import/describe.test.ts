import { describe, expect, it } from 'vitest';
import { describeCreature } from './describe.js';

describe('a creature in the import preview', () => {
  it('shows every stat of the system, defaults included, and health in its terms', () => {
    expect(describeCreature({ name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } }, 'dnd5e')).toBe(
      'Goblin · Enemy · Dexterity 14 · Initiative bonus 0 · max HP 7',
    );
    expect(describeCreature({ name: 'Goblin', side: 'enemy', stats: { dex: 14 }, statBlock: { ac: 15, cr: '1/4' } }, 'dnd5e')).toBe(
      'Goblin · Enemy · Dexterity 14 · Initiative bonus 0 · AC 15 · CR 1/4',
    );
    expect(describeCreature({ name: 'Kira', side: 'pc', stats: { presence: 3 }, health: { max: 14, strain: 12 } }, 'genesys')).toContain('wounds 14, strain 12');
  });
});
