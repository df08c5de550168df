// The GM console's per-system panels, loaded on demand like the player's (player-panels.ts).
import { lazyPanels } from './lazy-panels.js';
import { webSystemOf } from './registry.js';

export const gmPanelOf = lazyPanels((id) => webSystemOf(id)?.gmPanel);
