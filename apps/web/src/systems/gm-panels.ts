// The GM console's per-system panels, loaded on demand like the player's (player-panels.ts).
import { lazyPanels } from './lazy-panels.js';

export const gmPanelOf = lazyPanels({
  dc20: () => import('./dc20/Dc20GmPanel.svelte'),
  dnd5e: () => import('./dnd5e/Dnd5eGmPanel.svelte'),
  genesys: () => import('./genesys/GenesysGmPanel.svelte'),
  lfg: () => import('./lfg/LfgGmPanel.svelte'),
  uesrpg: () => import('./uesrpg/UesrpgGmPanel.svelte'),
});
