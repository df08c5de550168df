// dnd5e's own refusal codes, merged into the engine's one catalogue (src/violations.ts).
// Code strings must not clash with the core's or another system's.
export const DND5E_VIOLATIONS = {
  'group-partly-surprised': 'Some members of this group are surprised and others are not.',
} as const;
