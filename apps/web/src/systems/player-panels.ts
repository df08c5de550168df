// The player's per-system panels: what the rules let a player do beyond roll, claim and end a turn.
// Loaded on demand: a phone downloads the panel of its encounter's system only, after the page is up.
import { lazyPanels } from './lazy-panels.js';
import { webSystemOf } from './registry.js';

export const playerPanelOf = lazyPanels((id) => webSystemOf(id)?.playerPanel);
