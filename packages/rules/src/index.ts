// Public surface of the rules engine. Pure: no I/O, no clock, no Math.random.
// The functions below are implemented in the files named beside them.
export * from './model.js';
export * from './commands.js';
export * from './events.js';
export * from './violations.js';
export * from './system.js';
export * from './view.js';
// export { decide } from './decide.js';          decide(state, command, actor): Decision
// export { evolve, replay } from './evolve.js';  evolve(state | undefined, event): EncounterState; replay(events)
// export { createEncounter } from './create.js'; createEncounter(params): EncounterEvent ('encounter-created')
// export { project } from './project.js';        project(state, audience): EncounterView
// export { getSystem, SYSTEMS } from './systems/registry.js';
// export { rngFromSeed, rollDie } from './dice/rng.js';
