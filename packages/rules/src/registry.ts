// The one place that composes the systems and hands them to the core: the engine every server and
// test uses. Nothing else branches on a system id. A new system is one folder plus one line here
// (and its meta's line in catalogue.ts; `satisfies` fails the build while the two disagree).
import { createEngine } from './core/engine.js';
import type { InitiativeSystem } from './core/system.js';
import type { CatalogueId } from './catalogue.js';
import { dc20 } from './systems/dc20/system.js';
import { dnd5e } from './systems/dnd5e/system.js';
import { genesys } from './systems/genesys/system.js';
import { lfg } from './systems/lfg/system.js';
import { uesrpg } from './systems/uesrpg/system.js';

export const SYSTEMS = { dc20, dnd5e, genesys, lfg, uesrpg } as const satisfies Readonly<Record<CatalogueId, InitiativeSystem>>;

export const engine = createEngine(Object.values(SYSTEMS));
