// dnd5e's pure helpers for clients (`@roundkeeper/rules/systems/dnd5e`): the encounter's XP and its
// difficulty for the party, computed by the console from the GM's view. Light on purpose: tables only.
export { encounterDifficulty, encounterXp, xpBudget, xpForChallenge } from './challenge.js';
export type { Difficulty, EncounterXp, RatedCreature } from './challenge.js';
