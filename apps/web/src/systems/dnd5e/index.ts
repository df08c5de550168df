// dnd5e's web module: what the pages know of it, listed once in ../registry.ts. Its panels are
// downloaded when a page first needs them, so a table playing another system never loads them.
import type { WebSystem } from '../types.js';
import { dnd5eBasics } from './basics.js';
import { DND5E_LOG_WORDS } from './log-words.js';
import { DND5E_OPTION_WORDS } from './option-words.js';

export const dnd5eWeb: WebSystem<'dnd5e'> = {
  basics: dnd5eBasics,
  optionWords: DND5E_OPTION_WORDS,
  logWords: DND5E_LOG_WORDS,
  gmPanel: () => import('./Dnd5eGmPanel.svelte'),
  playerPanel: () => import('./Dnd5ePlayerPanel.svelte'),
};
