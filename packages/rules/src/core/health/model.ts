// Health as the core knows it: two forms that systems pick from, with no game named. Hit points count
// down to 0 (a floor a system may lower), temporary hit points in front of them where the system has
// them; wounds count up past a threshold, with strain beside them where the system has it. Which form,
// which states a client may show, and what a change sets off are each system's (`SystemMeta.health`
// and the health hooks of `InitiativeSystem`).

/** The largest hit points, threshold or amount the engine accepts (a great wyrm has about 700). */
export const MAX_HEALTH = 9999;

/** What a damage, healing or maximum command acts on: hit points, or wounds and strain. */
export const HEALTH_TRACKS = ['hp', 'wounds', 'strain'] as const;
export type HealthTrack = (typeof HEALTH_TRACKS)[number];

/** Hit points counting down. `current` is below 0 only where the system's floor allows it. */
export interface HitPoints {
  readonly kind: 'hit-points';
  readonly current: number;
  readonly max: number;
  /** Temporary hit points, taken first by damage; 0 where the system has none. */
  readonly temp: number;
}

/**
 * Damage counting up: past `threshold` wounds (or past `strainThreshold` strain) the character is
 * incapacitated. Counts go on past the threshold, since healing has to take the excess off too.
 */
export interface Wounds {
  readonly kind: 'wounds';
  readonly wounds: number;
  readonly threshold: number;
  readonly strain: number;
  /** null: no strain of its own (FFG minions and rivals): strain it suffers is taken as wounds. */
  readonly strainThreshold: number | null;
}

export type Health = HitPoints | Wounds;

/** The form a system counts health in. */
export type HealthForm =
  | { readonly kind: 'hit-points'; readonly temp: boolean }
  | { readonly kind: 'wounds'; readonly strain: boolean };

/** A state a client may show instead of numbers ("bloodied"), identified by `id` in views. */
export interface HealthStateDef {
  readonly id: string;
  readonly label: string;
}

/** What is known of a system's health without its rules: enough for a client to offer and label it. */
export interface HealthMeta {
  readonly form: HealthForm;
  /** Every state `healthState` may give, healthiest first. */
  readonly states: readonly HealthStateDef[];
  /** A group of identical creatures shares one pool (FFG minions): its members drop as the pool fills. */
  readonly groupPool: boolean;
}

/** [ENG-34] The states of a system that says nothing more than "down at 0". */
export const DEFAULT_HEALTH_STATES: readonly HealthStateDef[] = [
  { id: 'unhurt', label: 'Unhurt' },
  { id: 'hurt', label: 'Hurt' },
  { id: 'down', label: 'Down' },
];

/** Hit points without temporary ones, down at 0: the health of a system that names nothing else. */
export const DEFAULT_HEALTH_META: HealthMeta = {
  form: { kind: 'hit-points', temp: false },
  states: DEFAULT_HEALTH_STATES,
  groupPool: false,
};

/** [ENG-32] Health as an audience sees it: the numbers and the state, or the state alone. Absent: nothing shown. */
export type HealthView =
  | { readonly shown: 'numbers'; readonly state: string; readonly health: Health }
  | { readonly shown: 'states'; readonly state: string };

/**
 * [ENG-47] Health a combatant brings in from an earlier fight: what its form counts, as it was when that
 * fight ended. Hit points (`hp`, `temp`) for the hit-points form, wounds and strain taken for the wounds form.
 */
export interface HealthNow {
  readonly hp?: number;
  readonly temp?: number;
  readonly wounds?: number;
  readonly strain?: number;
}

/** The maximum a new combatant starts with (add-combatant): full health, unless `now` says otherwise. */
export interface NewHealth {
  /** Hit point maximum, or wound threshold. */
  readonly max: number;
  /** Strain threshold (the wounds form with strain only). */
  readonly strain?: number;
  /** [ENG-47] Where it stands now, carried from its last fight; absent: full health. */
  readonly now?: HealthNow;
}
