// uesrpg's web module: what the pages know of it, listed once in ../registry.ts. Its panels are
// downloaded when a page first needs them, so a table playing another system never loads them.
import type { WebSystem } from '../types.js';
import { uesrpgBasics } from './basics.js';
import { UESRPG_LOG_WORDS } from './log-words.js';
import { UESRPG_OPTION_WORDS } from './option-words.js';

export const uesrpgWeb: WebSystem<'uesrpg'> = {
  basics: uesrpgBasics,
  optionWords: UESRPG_OPTION_WORDS,
  logWords: UESRPG_LOG_WORDS,
  gmPanel: () => import('./UesrpgGmPanel.svelte'),
  playerPanel: () => import('./UesrpgPlayerPanel.svelte'),
};
