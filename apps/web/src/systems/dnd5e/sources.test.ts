import { describe, expect, it } from 'vitest';
import { combinedMode, parseSources, whyWords } from './sources.js';

describe('dnd5e sources of advantage and disadvantage on the pages', () => {
  it('[DND-23] typed names, the combined mode the rules will roll, and why', () => {
    expect(parseSources(' Bless, Help ,, ')).toEqual(['Bless', 'Help']);
    expect(combinedMode(['Bless', 'Help'], [])).toBe('advantage');
    expect(combinedMode(['Bless'], ['Poisoned', 'Prone'])).toBe('normal');
    expect(combinedMode([], ['Prone'])).toBe('disadvantage');
    expect(whyWords(['Bless', 'Help'], [])).toBe('Advantage (Bless, Help): two d20, the higher');
    expect(whyWords(['Help'], ['Poisoned', 'Surprised'])).toBe('Advantage (Help) and disadvantage (Poisoned, Surprised) cancel: one d20');
    expect(whyWords([], ['Surprised'])).toBe('Disadvantage (Surprised): two d20, the lower');
    expect(whyWords([], [])).toBe('No advantage or disadvantage: one d20');
  });
});
