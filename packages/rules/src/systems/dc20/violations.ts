// dc20's own refusal codes, merged into the engine's one catalogue (src/violations.ts).
// Code strings must not clash with the core's or another system's.
export const DC20_VIOLATIONS = {
  'dc20-dc-missing': 'The GM sets the Encounter DC first.',
  'dc20-invalid-level': 'A level runs from 1 to 20.',
  'dc20-no-pcs': 'The PC team needs at least one PC who rolls.',
  'dc20-not-a-pc': 'Only PCs make Initiative Checks.',
  'dc20-teams-unordered': 'The order of the enemy teams must be chosen first.',
  'dc20-not-a-pc-turn': 'That is not a PC turn.',
  'dc20-not-an-enemy-turn': 'That turn does not belong to that team.',
  'dc20-not-tied': 'Only creatures with the same Initiative Check result can share this turn.',
  'dc20-pc-turn-unclaimed': 'The PC team must choose who takes this turn.',
  'dc20-delay-not-later': 'You can only delay to a turn later in the Initiative Order.',
  'dc20-no-merge': 'There are no two enemy turns to merge.',
  'dc20-not-enough-lap': 'Not enough Legendary Action Points.',
  'dc20-lap-not-now': "Legendary Action Points are spent in-between the PCs' turns.",
  'dc20-no-benefit': 'That creature holds no such benefit.',
  'dc20-turn-under-way': 'That turn is under way.',
} as const;
