// genesys's web module: what the pages know of it, listed once in ../registry.ts. Its panels and its words
// are downloaded when a page first needs them: a phone never loads the GM's words, and a table playing
// another system never loads these panels.
import type { WebSystem } from '../types.js';
import { genesysBasics } from './basics.js';

export const genesysWeb: WebSystem<'genesys'> = {
  basics: genesysBasics,
  words: () => import('./words.js').then((m) => m.genesysWords),
  gmPanel: () => import('./GenesysGmPanel.svelte'),
  playerPanel: () => import('./GenesysPlayerPanel.svelte'),
};
