// Improved Initiative, 5e.tools and Foundry's dnd5e system all hold D&D 5e stat blocks. This is what
// such a block gives each target system, decided once for the three formats:
// - D&D 5e: Dexterity (`dex`), the initiative modifier beyond Dexterity's (`initBonus`), hit points.
// - any other system: the name, side, note and hit points where the system counts hit points (DC20,
//   UESRPG, Low Fantasy Gaming); its stats are left to the system's defaults, which the GM sees in the
//   preview and can change in the roster. A 5e hit point total is no Genesys wound threshold, so a
//   Genesys import gets no health from these formats (the GM sets it, or uses CSV).
// - every system: the stat block (AC, actions…), the GM's reference whatever the game.
// Defaults where the other tools have them: no Dexterity (a non-combat NPC) or a Dexterity of 0 is
// taken as 10 (+0, as Improved Initiative and 5e.tools show it); hit points of 0 or none are left for
// the GM to give (imported without a maximum, as a tool that asks for them). Each is said in a notice.
import type { Side, StatBlock } from '@roundkeeper/rules/core';
import type { ImportLog } from './problem.js';
import type { CreatureDraft, ImportTarget, Sourced } from './target.js';

/** The system these formats' stat blocks are written for. */
export const STAT_BLOCK_SYSTEM = 'dnd5e';

export interface Dnd5eBlock {
  readonly name: Sourced<string>;
  readonly side: Side;
  readonly dex: Sourced<number> | undefined;
  /** Initiative modifier on top of Dexterity's. */
  readonly initBonus?: Sourced<number>;
  /** The hit point maximum as the file gives it (0 or absent: the GM gives it). */
  readonly hp?: Sourced<number>;
  /** What the file gives instead of a number ("special": "see below"), said in the notice. */
  readonly hpSpecial?: string;
  readonly note?: Sourced<string>;
  readonly statBlock?: Sourced<StatBlock>;
}

/** D&D 5e: "a modifier … subtract 10 from the ability score and then divide the total by 2 (round down)". */
export const abilityModifier = (score: number): number => Math.floor((score - 10) / 2);

/** A Dexterity that is no score (absent, 0): the modifier's default +0 is that of 10. */
export const DEFAULT_DEX = 10;

export function dnd5eDraft(target: ImportTarget, block: Dnd5eBlock, log: ImportLog): CreatureDraft {
  const native = target.id === STAT_BLOCK_SYSTEM;
  const name = block.name.value.trim();
  const stats: (Sourced<number> & { key: string })[] = [];
  if (native) {
    const dex = block.dex;
    if (dex && dex.value !== 0) stats.push({ key: 'dex', ...dex });
    else log.notice(dex?.at ?? block.name.at, `${name} has ${dex ? 'a Dexterity of 0' : 'no Dexterity'}: taken as ${DEFAULT_DEX} (+0).`);
    if (block.initBonus) stats.push({ key: 'initBonus', ...block.initBonus });
  }
  const countsHitPoints = native || target.health.form.kind === 'hit-points';
  let hp = countsHitPoints ? block.hp : undefined;
  if (countsHitPoints && (!hp || hp.value === 0)) {
    const given = block.hpSpecial ? `hit points "${block.hpSpecial}"` : hp ? '0 hit points' : 'no hit points';
    log.notice(hp?.at ?? block.name.at, `${name} has ${given}: imported without a maximum; give it one in the roster.`);
    hp = undefined;
  }
  return {
    name: block.name,
    side: block.side,
    stats,
    ...(hp ? { hp } : {}),
    ...(block.note ? { note: block.note } : {}),
    ...(block.statBlock ? { statBlock: block.statBlock } : {}),
  };
}
