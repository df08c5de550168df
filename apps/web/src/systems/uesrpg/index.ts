// uesrpg's web module: what the pages know of it, listed once in ../registry.ts. Its panels and its words
// are downloaded when a page first needs them: a phone never loads the GM's words, and a table playing
// another system never loads these panels.
import type { WebSystem } from '../types.js';
import { uesrpgBasics } from './basics.js';

export const uesrpgWeb: WebSystem<'uesrpg'> = {
  basics: uesrpgBasics,
  words: () => import('./words.js').then((m) => m.uesrpgWords),
  gmPanel: () => import('./UesrpgGmPanel.svelte'),
  playerPanel: () => import('./UesrpgPlayerPanel.svelte'),
};
