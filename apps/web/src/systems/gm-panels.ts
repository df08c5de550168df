// The GM console's per-system panels (the player's are in player-panels.ts, to keep its bundle small).
import type { SystemId } from '@roundkeeper/rules';
import Dc20GmPanel from './dc20/Dc20GmPanel.svelte';
import Dnd5eGmPanel from './dnd5e/Dnd5eGmPanel.svelte';
import GenesysGmPanel from './genesys/GenesysGmPanel.svelte';
import LfgGmPanel from './lfg/LfgGmPanel.svelte';
import type { SystemPanel } from './types.js';
import UesrpgGmPanel from './uesrpg/UesrpgGmPanel.svelte';

const PANELS: Readonly<Partial<Record<SystemId, SystemPanel>>> = {
  dc20: Dc20GmPanel,
  dnd5e: Dnd5eGmPanel,
  genesys: GenesysGmPanel,
  lfg: LfgGmPanel,
  uesrpg: UesrpgGmPanel,
};

export const gmPanelOf = (id: SystemId): SystemPanel | undefined => PANELS[id];
