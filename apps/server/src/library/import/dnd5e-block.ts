// Improved Initiative, 5e.tools and Foundry's dnd5e system all hold D&D 5e stat blocks. This is what
// such a block gives each target system, decided once for the three formats:
// - D&D 5e: Dexterity (`dex`), the initiative modifier beyond Dexterity's (`initBonus`), hit points.
// - any other system: the name, side, note and hit points where the system counts hit points (DC20,
//   UESRPG, Low Fantasy Gaming); its stats are left to the system's defaults, which the GM sees in the
//   preview and can change in the roster. A 5e hit point total is no Genesys wound threshold, so a
//   Genesys import gets no health from these formats (the GM sets it, or uses CSV).
import type { Side } from '@roundkeeper/rules/core';
import type { CreatureDraft, ImportTarget, Sourced } from './target.js';

/** The system these formats' stat blocks are written for. */
export const STAT_BLOCK_SYSTEM = 'dnd5e';

export interface Dnd5eBlock {
  readonly name: Sourced<string>;
  readonly side: Side;
  /** Required for a D&D 5e target: the reader names the field when it is missing. */
  readonly dex: Sourced<number> | undefined;
  /** Initiative modifier on top of Dexterity's. */
  readonly initBonus?: Sourced<number>;
  readonly hp?: Sourced<number>;
  readonly note?: Sourced<string>;
}

/** D&D 5e: "a modifier … subtract 10 from the ability score and then divide the total by 2 (round down)". */
export const abilityModifier = (score: number): number => Math.floor((score - 10) / 2);

export function dnd5eDraft(target: ImportTarget, block: Dnd5eBlock): CreatureDraft {
  const native = target.id === STAT_BLOCK_SYSTEM;
  const stats = native
    ? [...(block.dex ? [{ key: 'dex', ...block.dex }] : []), ...(block.initBonus ? [{ key: 'initBonus', ...block.initBonus }] : [])]
    : [];
  const hp = native || target.health.form.kind === 'hit-points' ? block.hp : undefined;
  return { name: block.name, side: block.side, stats, ...(hp ? { hp } : {}), ...(block.note ? { note: block.note } : {}) };
}
