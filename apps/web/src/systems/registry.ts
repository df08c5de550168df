// The one place that lists the systems' web modules: a new system adds one line here (and its folder
// beside the others; docs/adding-a-system.md). Everything else in the pages reads a system from here.
// Light on purpose: every page loads it; each module's panels and words load on demand.
import type { CatalogueId } from '@roundkeeper/rules/catalogue';
import type { SystemId } from '@roundkeeper/rules';
import { dc20Web } from './dc20/index.js';
import { dnd5eWeb } from './dnd5e/index.js';
import { genesysWeb } from './genesys/index.js';
import { lfgWeb } from './lfg/index.js';
import type { WebSystem } from './types.js';
import { uesrpgWeb } from './uesrpg/index.js';

/** The compiler fails while a system of the catalogue has no module here. */
export const WEB_SYSTEMS = {
  dc20: dc20Web,
  dnd5e: dnd5eWeb,
  genesys: genesysWeb,
  lfg: lfgWeb,
  uesrpg: uesrpgWeb,
} as const satisfies { readonly [Id in CatalogueId]: WebSystem<Id> };

const MODULES: Readonly<Partial<Record<SystemId, WebSystem>>> = WEB_SYSTEMS;

/** A system's web module; undefined for a system this build of the pages does not know. */
export const webSystemOf = (id: SystemId): WebSystem | undefined => MODULES[id];
