// lfg's web module: what the pages know of it, listed once in ../registry.ts. Its panels and its words
// are downloaded when a page first needs them: a phone never loads the GM's words, and a table playing
// another system never loads these panels.
import type { WebSystem } from '../types.js';
import { lfgBasics } from './basics.js';

export const lfgWeb: WebSystem<'lfg'> = {
  basics: lfgBasics,
  words: () => import('./words.js').then((m) => m.lfgWords),
  gmPanel: () => import('./LfgGmPanel.svelte'),
  playerPanel: () => import('./LfgPlayerPanel.svelte'),
};
