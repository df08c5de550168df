// Public surface of the rules engine. Pure: no I/O, no clock, no Math.random.
// Layers (docs/architecture.md): core/ imports no system; systems/<id>/ import the core; the
// catalogue and the registry at the top compose them. Light entry points: `/core` and `/catalogue`.
export * from './core/index.js';
export {
  isSystemId,
  RULE_VIOLATIONS,
  SYSTEM_IDS,
  systemCatalogue,
  type CatalogueId,
  type CatalogueViolationCode,
  type SystemSummary,
} from './catalogue.js';
export { engine, SYSTEMS } from './registry.js';
import { engine } from './registry.js';

export const IMPLEMENTED_SYSTEMS = engine.systemIds;
export const getSystem = engine.getSystem;
export const createEncounter = engine.createEncounter;
export const decide = engine.decide;
export const evolve = engine.evolve;
export const replay = engine.replay;
export const checkedReplay = engine.checkedReplay;
export const project = engine.project;
export const audienceParts = engine.audienceParts;
export const verifyDice = engine.verifyDice;
export const carryOver = engine.carryOver;
