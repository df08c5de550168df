// The one place that maps system ids to systems. Nothing else branches on a system id.
import type { SystemId } from '../model.js';
import type { InitiativeSystem } from '../system.js';
import { dnd5e } from './dnd5e/system.js';

const SYSTEMS: Readonly<Partial<Record<SystemId, InitiativeSystem>>> = { dnd5e };

export const IMPLEMENTED_SYSTEMS: readonly SystemId[] = Object.freeze(
  (Object.keys(SYSTEMS) as SystemId[]).filter((id) => SYSTEMS[id] !== undefined),
);

export const getSystem = (id: SystemId): InitiativeSystem | undefined => SYSTEMS[id];
