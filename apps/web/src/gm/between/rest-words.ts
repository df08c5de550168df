import type { HealthForm, RestPart } from '@roundkeeper/rules/core';

/** What each part of a rest restores, in the words of the system's health form; null where the form has no such thing. */
export function restPartLabel(part: RestPart, form: HealthForm): string | null {
  switch (part) {
    case 'health':
      return form.kind === 'hit-points' ? 'Hit points back to full' : 'Wounds healed';
    case 'temp':
      return form.kind === 'hit-points' && form.temp ? 'Temporary hit points end' : null;
    case 'strain':
      return form.kind === 'wounds' && form.strain ? 'Strain recovered' : null;
    case 'conditions':
      return 'Lasting conditions end (Poisoned, Cursed…)';
    default: {
      const _exhaustive: never = part;
      return _exhaustive;
    }
  }
}
