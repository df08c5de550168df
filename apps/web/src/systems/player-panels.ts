// The player's per-system panels: what the rules let a player do beyond roll, claim and end a turn.
import type { SystemId } from '@roundkeeper/rules';
import Dc20PlayerPanel from './dc20/Dc20PlayerPanel.svelte';
import Dnd5ePlayerPanel from './dnd5e/Dnd5ePlayerPanel.svelte';
import GenesysPlayerPanel from './genesys/GenesysPlayerPanel.svelte';
import LfgPlayerPanel from './lfg/LfgPlayerPanel.svelte';
import type { SystemPanel } from './types.js';
import UesrpgPlayerPanel from './uesrpg/UesrpgPlayerPanel.svelte';

const PANELS: Readonly<Partial<Record<SystemId, SystemPanel>>> = {
  dc20: Dc20PlayerPanel,
  dnd5e: Dnd5ePlayerPanel,
  genesys: GenesysPlayerPanel,
  lfg: LfgPlayerPanel,
  uesrpg: UesrpgPlayerPanel,
};

export const playerPanelOf = (id: SystemId): SystemPanel | undefined => PANELS[id];
