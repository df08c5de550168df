// The player's per-system panels: what the rules let a player do beyond roll, claim and end a turn.
// Loaded on demand: a phone downloads the panel of its encounter's system only, after the page is up.
import { lazyPanels } from './lazy-panels.js';

export const playerPanelOf = lazyPanels({
  dc20: () => import('./dc20/Dc20PlayerPanel.svelte'),
  dnd5e: () => import('./dnd5e/Dnd5ePlayerPanel.svelte'),
  genesys: () => import('./genesys/GenesysPlayerPanel.svelte'),
  lfg: () => import('./lfg/LfgPlayerPanel.svelte'),
  uesrpg: () => import('./uesrpg/UesrpgPlayerPanel.svelte'),
});
