// dnd5e's web module: what the pages know of it, listed once in ../registry.ts. Its panels and its words
// are downloaded when a page first needs them: a phone never loads the GM's words, and a table playing
// another system never loads these panels.
import type { WebSystem } from '../types.js';
import { dnd5eBasics } from './basics.js';

export const dnd5eWeb: WebSystem<'dnd5e'> = {
  basics: dnd5eBasics,
  words: () => import('./words.js').then((m) => m.dnd5eWords),
  gmPanel: () => import('./Dnd5eGmPanel.svelte'),
  playerPanel: () => import('./Dnd5ePlayerPanel.svelte'),
  monsterSearch: () => import('./SrdMonsterSearch.svelte'),
};
