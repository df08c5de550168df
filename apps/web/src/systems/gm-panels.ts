// The GM console's per-system panels, loaded on demand like the player's (player-panels.ts): a console
// downloads the panel of its encounter's system only, so each system's controls do not weigh on the others.
import type { SystemId } from '@roundkeeper/rules';
import type { SystemPanel } from './types.js';

type PanelModule = { readonly default: SystemPanel };

const LOADERS: Readonly<Partial<Record<SystemId, () => Promise<PanelModule>>>> = {
  dc20: () => import('./dc20/Dc20GmPanel.svelte'),
  dnd5e: () => import('./dnd5e/Dnd5eGmPanel.svelte'),
  genesys: () => import('./genesys/GenesysGmPanel.svelte'),
  lfg: () => import('./lfg/LfgGmPanel.svelte'),
  uesrpg: () => import('./uesrpg/UesrpgGmPanel.svelte'),
};

const loaded = new Map<SystemId, Promise<SystemPanel | undefined>>();

/** The system's GM panel, or undefined when it has none; one download per system, the same promise after. */
export function gmPanelOf(id: SystemId): Promise<SystemPanel | undefined> {
  let panel = loaded.get(id);
  if (!panel) {
    const load = LOADERS[id];
    panel = load ? load().then((m) => m.default) : Promise.resolve(undefined);
    loaded.set(id, panel);
  }
  return panel;
}
