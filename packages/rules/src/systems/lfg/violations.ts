// lfg's own refusal codes, merged into the engine's one catalogue (src/violations.ts).
// Code strings must not clash with the core's or another system's: each starts with 'lfg-'.
export const LFG_VIOLATIONS = {
  'lfg-not-the-roller': "Someone else rolls the party's Initiative check this round.",
  'lfg-no-check-due': "No party Initiative check is waiting to be rolled.",
  'lfg-cannot-delay': 'That turn cannot be delayed.',
  'lfg-not-held': 'That character is not delaying.',
  'lfg-retreat-closed': 'The party can only try to retreat at the start of a round.',
  'lfg-no-retreat': 'No retreat is waiting for an answer.',
  'lfg-not-readied': 'That character has no readied action.',
  'lfg-no-morale-subject': 'None of those combatants checks morale.',
  'lfg-cannot-rally': 'Those allies cannot be rallied.',
  'lfg-unknown-suggestion': 'There is no such morale suggestion.',
  'lfg-cannot-intercept': 'That character cannot intercept now.',
  'lfg-nothing-left': 'Nothing of that is left this turn.',
} as const;
