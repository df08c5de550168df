// The registry lists one web module per system of the catalogue, each telling the pages about itself.
import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { describe, expect, it } from 'vitest';
import { basicsOf, offersRollMode } from './basics.js';
import { WEB_SYSTEMS } from './registry.js';

describe('the systems registry of the pages', () => {
  it('has a module for every system of the catalogue, and no other', () => {
    expect(Object.keys(WEB_SYSTEMS).sort()).toEqual([...SYSTEM_IDS].sort());
    for (const id of SYSTEM_IDS) expect(basicsOf(id).id).toBe(id);
  });

  it('offers advantage and disadvantage with real dice where a roll takes two d20s: dnd5e and lfg only', () => {
    expect(SYSTEM_IDS.filter(offersRollMode).sort()).toEqual(['dnd5e', 'lfg']);
  });
});
