// The one place that maps a system id to the web pages' knowledge of it (no runtime rules import).
import type { SystemId } from '@roundkeeper/rules';
import { dc20Basics } from './dc20/basics.js';
import { dnd5eBasics } from './dnd5e/basics.js';
import { genesysBasics } from './genesys/basics.js';
import { lfgBasics } from './lfg/basics.js';
import type { SystemBasics } from './types.js';
import { uesrpgBasics } from './uesrpg/basics.js';

const BASICS: Readonly<Partial<Record<SystemId, SystemBasics>>> = {
  dc20: dc20Basics,
  dnd5e: dnd5eBasics,
  genesys: genesysBasics,
  lfg: lfgBasics,
  uesrpg: uesrpgBasics,
};

/** A system the pages have no module for yet: one d20, no delay, no extra words. */
const generic = (id: SystemId): SystemBasics => ({ id, physicalDice: [{ sides: 20, count: 1 }], supportsDelay: false, pasteAliases: {} });

export const basicsOf = (id: SystemId): SystemBasics => BASICS[id] ?? generic(id);
