// lfg's web module: what the pages know of it, listed once in ../registry.ts. Its panels are
// downloaded when a page first needs them, so a table playing another system never loads them.
import type { WebSystem } from '../types.js';
import { lfgBasics } from './basics.js';
import { LFG_LOG_WORDS } from './log-words.js';
import { LFG_OPTION_WORDS } from './option-words.js';

export const lfgWeb: WebSystem<'lfg'> = {
  basics: lfgBasics,
  optionWords: LFG_OPTION_WORDS,
  logWords: LFG_LOG_WORDS,
  gmPanel: () => import('./LfgGmPanel.svelte'),
  playerPanel: () => import('./LfgPlayerPanel.svelte'),
};
