// [DND-23] Named sources of advantage and disadvantage as typed on the console and the phone, the mode
// the rules will combine them to (repeated here: the player bundle does not load the rules' code), and
// the sentence that says why.
import type { RollMode } from '../../lib/physical-dice.js';

/** The rules' limits (packages/rules/src/systems/dnd5e/advantage.ts). */
export const MAX_SOURCES = 10;
export const MAX_SOURCE_LENGTH = 60;

/** "Bless, Help ," → ['Bless', 'Help']: comma-separated names, blanks dropped, each cut to the rules' length. */
export function parseSources(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim().slice(0, MAX_SOURCE_LENGTH))
    .filter((s) => s !== '')
    .slice(0, MAX_SOURCES);
}

/** [DND-2] Several advantages never stack; any advantage with any disadvantage is one straight d20. */
export function combinedMode(advantage: readonly string[], disadvantage: readonly string[]): RollMode {
  if (advantage.length > 0 && disadvantage.length > 0) return 'normal';
  if (advantage.length > 0) return 'advantage';
  return disadvantage.length > 0 ? 'disadvantage' : 'normal';
}

/** "Advantage (Bless, Help) and disadvantage (Poisoned) cancel: one d20", "Advantage (Help): two d20, the higher". */
export function whyWords(advantage: readonly string[], disadvantage: readonly string[]): string {
  const adv = advantage.length > 0 ? `advantage (${advantage.join(', ')})` : '';
  const dis = disadvantage.length > 0 ? `disadvantage (${disadvantage.join(', ')})` : '';
  const text = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  switch (combinedMode(advantage, disadvantage)) {
    case 'normal':
      return adv && dis ? `${text(adv)} and ${dis} cancel: one d20` : 'No advantage or disadvantage: one d20';
    case 'advantage':
      return `${text(adv)}: two d20, the higher`;
    case 'disadvantage':
      return `${text(dis)}: two d20, the lower`;
  }
}
