// dc20's pure helpers for clients (`@roundkeeper/rules/systems/dc20`): what a page computes from a view
// with the system's own rules instead of copying them. Light on purpose: no decide, evolve or project.
export { dc20DiceCount } from './initiative.js';
