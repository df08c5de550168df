// dc20's web module: what the pages know of it, listed once in ../registry.ts. Its panels are
// downloaded when a page first needs them, so a table playing another system never loads them.
import type { WebSystem } from '../types.js';
import { dc20Basics } from './basics.js';
import { DC20_LOG_WORDS } from './log-words.js';
import { DC20_OPTION_WORDS } from './option-words.js';

export const dc20Web: WebSystem<'dc20'> = {
  basics: dc20Basics,
  optionWords: DC20_OPTION_WORDS,
  logWords: DC20_LOG_WORDS,
  gmPanel: () => import('./Dc20GmPanel.svelte'),
  playerPanel: () => import('./Dc20PlayerPanel.svelte'),
};
