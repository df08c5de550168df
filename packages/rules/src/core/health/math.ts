// [ENG-26] [ENG-27] [ENG-34] The arithmetic of health, the same for every system of a form: damage
// takes temporary hit points first and stops at the floor, healing stops at the maximum, wounds and
// strain count up (strain without a threshold of its own becomes wounds). Pure, no state.
import { MAX_HEALTH, type Health, type HealthForm, type HealthTrack, type HitPoints, type NewHealth } from './model.js';

/** The tracks a form counts: what 'track' may name in a command. */
export const tracksOf = (form: HealthForm): readonly HealthTrack[] =>
  form.kind === 'hit-points' ? ['hp'] : form.strain ? ['wounds', 'strain'] : ['wounds'];

/** The track a command acts on when it names none. */
export const defaultTrack = (form: HealthForm): HealthTrack => (form.kind === 'hit-points' ? 'hp' : 'wounds');

/** Full health in `form`: hit points at their maximum, or no wounds and no strain. */
export function freshHealth(form: HealthForm, spec: NewHealth): Health {
  switch (form.kind) {
    case 'hit-points':
      return { kind: 'hit-points', current: spec.max, max: spec.max, temp: 0 };
    case 'wounds':
      return { kind: 'wounds', wounds: 0, threshold: spec.max, strain: 0, strainThreshold: spec.strain ?? null };
    default: {
      const _exhaustive: never = form;
      return _exhaustive;
    }
  }
}

const upTo = (n: number): number => Math.min(n, MAX_HEALTH);

/** `amount` of damage on `track`; hit points go no lower than `floor` (0 unless the system says so). */
export function damaged(health: Health, amount: number, track: HealthTrack, floor: number): Health {
  switch (health.kind) {
    case 'hit-points': {
      const fromTemp = Math.min(health.temp, amount);
      // Damage never raises hit points, even ones already below a floor that was lowered since.
      const current = Math.min(health.current, Math.max(floor, health.current - (amount - fromTemp)));
      return { ...health, temp: health.temp - fromTemp, current };
    }
    case 'wounds':
      // Strain suffered without a strain threshold of one's own is taken as wounds (FFG minions, rivals).
      return track === 'strain' && health.strainThreshold !== null
        ? { ...health, strain: upTo(health.strain + amount) }
        : { ...health, wounds: upTo(health.wounds + amount) };
    default: {
      const _exhaustive: never = health;
      return _exhaustive;
    }
  }
}

/** How much of a hit-point change got past the temporary hit points (0 for the wounds form). */
export const pastTemp = (before: Health, amount: number): number =>
  before.kind === 'hit-points' ? Math.max(0, amount - before.temp) : 0;

/** `amount` of healing on `track`: hit points up to their maximum, wounds or strain down to 0. */
export function healed(health: Health, amount: number, track: HealthTrack): Health {
  switch (health.kind) {
    case 'hit-points':
      return { ...health, current: Math.max(health.current, Math.min(health.max, health.current + amount)) };
    case 'wounds':
      return track === 'strain'
        ? { ...health, strain: Math.max(0, health.strain - amount) }
        : { ...health, wounds: Math.max(0, health.wounds - amount) };
    default: {
      const _exhaustive: never = health;
      return _exhaustive;
    }
  }
}

/**
 * A new maximum (hit points, wound or strain threshold). The first one starts full health; later
 * ones keep the current count (hit points no higher than the new maximum). Undefined: a strain
 * threshold without a wound threshold first.
 */
export function withMax(health: Health | null, form: HealthForm, max: number, track: HealthTrack): Health | undefined {
  if (health === null) return track === 'strain' ? undefined : freshHealth(form, { max });
  switch (health.kind) {
    case 'hit-points':
      return { ...health, max, current: Math.min(health.current, max) };
    case 'wounds':
      return track === 'strain' ? { ...health, strainThreshold: max } : { ...health, threshold: max };
    default: {
      const _exhaustive: never = health;
      return _exhaustive;
    }
  }
}

/** [ENG-27] Temporary hit points do not stack: the higher stays; 0 takes them away (they ran out). */
export const withTemp = (health: HitPoints, temp: number): HitPoints => ({
  ...health,
  temp: temp === 0 ? 0 : Math.max(health.temp, temp),
});

/** At 0 hit points or below, or past a threshold: what "down" means in every form. */
export function isDown(health: Health): boolean {
  switch (health.kind) {
    case 'hit-points':
      return health.current <= 0;
    case 'wounds':
      return health.wounds > health.threshold || (health.strainThreshold !== null && health.strain > health.strainThreshold);
    default: {
      const _exhaustive: never = health;
      return _exhaustive;
    }
  }
}

/** Nothing taken at all: full hit points, or no wounds and no strain. */
export const isUnhurt = (health: Health): boolean =>
  health.kind === 'hit-points' ? health.current >= health.max : health.wounds === 0 && health.strain === 0;

/** [ENG-34] The states of a system that says nothing more: unhurt, hurt, down. */
export const defaultHealthState = (health: Health): 'unhurt' | 'hurt' | 'down' =>
  isDown(health) ? 'down' : isUnhurt(health) ? 'unhurt' : 'hurt';
