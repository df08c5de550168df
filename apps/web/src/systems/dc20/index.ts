// dc20's web module: what the pages know of it, listed once in ../registry.ts. Its panels and its words
// are downloaded when a page first needs them: a phone never loads the GM's words, and a table playing
// another system never loads these panels.
import type { WebSystem } from '../types.js';
import { dc20Basics } from './basics.js';

export const dc20Web: WebSystem<'dc20'> = {
  basics: dc20Basics,
  words: () => import('./words.js').then((m) => m.dc20Words),
  gmPanel: () => import('./Dc20GmPanel.svelte'),
  playerPanel: () => import('./Dc20PlayerPanel.svelte'),
};
