// lfg's pure helpers for clients (`@roundkeeper/rules/systems/lfg`): what a page computes from a view
// with the system's own rules instead of copying them (how many d20s a check of the GM's takes). Light
// on purpose: no decide, evolve or project.
export { checkDice } from './check.js';
export { moraleKind, planMoraleChecks } from './morale.js';
export { partyInBattle, retreatRollers } from './retreat.js';
export type { MoraleCandidate, MoraleCheckPlan, MoraleScope } from './types.js';
