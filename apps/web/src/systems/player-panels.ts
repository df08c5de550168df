// The player's per-system panels: what the rules let a player do beyond roll, claim and end a turn.
// Loaded on demand: a phone downloads the panel of its encounter's system only, after the page is up.
import type { SystemId } from '@roundkeeper/rules';
import type { SystemPanel } from './types.js';

type PanelModule = { readonly default: SystemPanel };

const LOADERS: Readonly<Partial<Record<SystemId, () => Promise<PanelModule>>>> = {
  dc20: () => import('./dc20/Dc20PlayerPanel.svelte'),
  dnd5e: () => import('./dnd5e/Dnd5ePlayerPanel.svelte'),
  genesys: () => import('./genesys/GenesysPlayerPanel.svelte'),
  lfg: () => import('./lfg/LfgPlayerPanel.svelte'),
  uesrpg: () => import('./uesrpg/UesrpgPlayerPanel.svelte'),
};

const loaded = new Map<SystemId, Promise<SystemPanel | undefined>>();

/** The system's panel, or undefined when it has none; one download per system, the same promise after. */
export function playerPanelOf(id: SystemId): Promise<SystemPanel | undefined> {
  let panel = loaded.get(id);
  if (!panel) {
    const load = LOADERS[id];
    panel = load ? load().then((m) => m.default) : Promise.resolve(undefined);
    loaded.set(id, panel);
  }
  return panel;
}
