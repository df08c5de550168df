// genesys's web module: what the pages know of it, listed once in ../registry.ts. Its panels are
// downloaded when a page first needs them, so a table playing another system never loads them.
import type { WebSystem } from '../types.js';
import { genesysBasics } from './basics.js';
import { GENESYS_LOG_WORDS } from './log-words.js';
import { GENESYS_OPTION_WORDS } from './option-words.js';

export const genesysWeb: WebSystem<'genesys'> = {
  basics: genesysBasics,
  optionWords: GENESYS_OPTION_WORDS,
  logWords: GENESYS_LOG_WORDS,
  gmPanel: () => import('./GenesysGmPanel.svelte'),
  playerPanel: () => import('./GenesysPlayerPanel.svelte'),
};
