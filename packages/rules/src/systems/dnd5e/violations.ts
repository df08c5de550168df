// dnd5e's own refusal codes, merged into the engine's one catalogue (src/violations.ts).
// Code strings must not clash with the core's or another system's.
export const DND5E_VIOLATIONS = {
  'group-partly-surprised': 'Some members of this group are surprised and others are not.',
  'dnd5e-not-dying': 'Only a dying character (0 hit points, not yet stable) makes death saves.',
  'dnd5e-not-their-turn': 'A dying character makes a death save at the start of their own turn.',
  'dnd5e-death-save-made': "No more death saves this turn: the next one comes at the start of the character's next turn.",
  'dnd5e-dead': 'That character is dead: healing cannot bring them back.',
} as const;
