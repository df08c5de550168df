// dnd5e's own refusal codes, merged into the engine's one catalogue (src/violations.ts).
// Code strings must not clash with the core's or another system's.
export const DND5E_VIOLATIONS = {
  'group-partly-surprised': 'Some members of this group are surprised and others are not.',
  'dnd5e-not-dying': 'Only a dying character (0 hit points, not yet stable) makes death saves.',
  'dnd5e-not-their-turn': 'A dying character makes a death save at the start of their own turn.',
  'dnd5e-death-save-made': "No more death saves this turn: the next one comes at the start of the character's next turn.",
  'dnd5e-dead': 'That character is dead: healing cannot bring them back.',
  'dnd5e-not-legendary': 'That creature has no legendary actions.',
  'dnd5e-legendary-own-turn': 'A legendary creature takes legendary actions only at the end of another creature’s turn.',
  'dnd5e-legendary-unable': 'That creature cannot take actions now.',
  'dnd5e-legendary-none-left': 'That creature has no legendary actions left until its next turn.',
  'dnd5e-legendary-one-at-a-time': 'That creature has already taken a legendary action at the end of this turn.',
  'dnd5e-no-lair': 'That creature has no lair actions.',
  'dnd5e-lair-used': 'The lair has already acted this round.',
  'dnd5e-lair-not-now': 'Lair actions are taken on initiative count 20.',
} as const;
