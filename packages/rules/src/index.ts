// Public surface of the rules engine. Pure: no I/O, no clock, no Math.random.
// The functions below are implemented in the files named beside them.
export * from './model.js';
export * from './commands.js';
export * from './events.js';
export * from './violations.js';
export * from './system.js';
export * from './view.js';
export { decide } from './decide.js';
export { evolve, replay } from './evolve.js';
export { createEncounter, type CreateEncounterParams } from './create.js';
export { project } from './project.js';
export { getSystem, IMPLEMENTED_SYSTEMS } from './systems/registry.js';
export { rngFromSeed, nextUint32, rollDie, rollDice, SEED_HEX_LENGTH } from './dice/rng.js';
