// The one place that maps system ids to systems. Nothing else branches on a system id.
import type { SystemId } from '../model.js';
import type { InitiativeSystem } from '../system.js';
import { dc20 } from './dc20/system.js';
import { dnd5e } from './dnd5e/system.js';
import { uesrpg } from './uesrpg/system.js';
import { genesys } from './genesys/system.js';
import { lfg } from './lfg/system.js';

const SYSTEMS: Readonly<Partial<Record<SystemId, InitiativeSystem>>> = { dc20, dnd5e, genesys, lfg, uesrpg };

export const IMPLEMENTED_SYSTEMS: readonly SystemId[] = Object.freeze(
  (Object.keys(SYSTEMS) as SystemId[]).filter((id) => SYSTEMS[id] !== undefined),
);

export const getSystem = (id: SystemId): InitiativeSystem | undefined => SYSTEMS[id];

/** What a client needs to offer a system: names, the stats each combatant needs and the option flags. */
export interface SystemSummary {
  readonly id: SystemId;
  readonly label: string;
  readonly shortLabel: string;
  readonly statDefs: InitiativeSystem['statDefs'];
  readonly flags: NonNullable<InitiativeSystem['flags']>;
  readonly defaultOptions: InitiativeSystem['defaultOptions'];
}

export const systemCatalogue = (): readonly SystemSummary[] =>
  IMPLEMENTED_SYSTEMS.flatMap((id) => {
    const s = SYSTEMS[id];
    return s
      ? [{ id, label: s.label, shortLabel: s.shortLabel, statDefs: s.statDefs, flags: s.flags ?? {}, defaultOptions: s.defaultOptions }]
      : [];
  });
