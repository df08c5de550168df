export const TINY_VIOLATIONS = {
  'tiny-no-rallies-left': 'The party has no rallies left in this fight.',
} as const;
