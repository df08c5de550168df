// [ENG-47] Health carried into a fight from the last one: checked against the form of the encounter's
// system as strictly as a damage command would leave it, so a carried state is one the rules could
// have reached here. Pure, no state.
import { MAX_HEALTH, type Health, type HealthForm, type HealthNow } from './model.js';

const whole = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/**
 * `fresh` (full health) set to where `now` says it stands, or why `now` does not fit the form: a
 * count the form does not keep, hit points above the maximum or below `floor`, a negative count.
 */
export function carriedHealth(form: HealthForm, fresh: Health, now: HealthNow, floor: number): { readonly health: Health } | { readonly error: string } {
  switch (fresh.kind) {
    case 'hit-points': {
      if (now.wounds !== undefined || now.strain !== undefined) return { error: 'This game counts hit points, not wounds or strain.' };
      if (now.temp !== undefined && !(form.kind === 'hit-points' && form.temp)) return { error: 'This game has no temporary hit points.' };
      const current = now.hp ?? fresh.current;
      if (!whole(current, floor, fresh.max)) return { error: `Hit points carried in are a whole number from ${floor} to the maximum, ${fresh.max}.` };
      const temp = now.temp ?? 0;
      if (!whole(temp, 0, MAX_HEALTH)) return { error: `Temporary hit points are a whole number from 0 to ${MAX_HEALTH}.` };
      return { health: { ...fresh, current, temp } };
    }
    case 'wounds': {
      if (now.hp !== undefined || now.temp !== undefined) return { error: 'This game counts wounds and strain, not hit points.' };
      if (now.strain !== undefined && fresh.strainThreshold === null) return { error: 'Strain needs a strain threshold of its own.' };
      const wounds = now.wounds ?? 0;
      const strain = now.strain ?? 0;
      if (!whole(wounds, 0, MAX_HEALTH) || !whole(strain, 0, MAX_HEALTH)) return { error: `Wounds and strain are whole numbers from 0 to ${MAX_HEALTH}.` };
      return { health: { ...fresh, wounds, strain } };
    }
    default: {
      const _exhaustive: never = fresh;
      return _exhaustive;
    }
  }
}
