// [DND-17]…[DND-20] Death saving throws as pure rules: what a roll, damage at 0 and healing do to a
// dying character's tally. Three successes: stable (the tally starts again); three failures: dead.

/** A character at 0 hit points: its tally, and whether three successes made it stable. */
export interface DeathSaves {
  readonly successes: number;
  readonly failures: number;
  readonly stable: boolean;
}

/** Failures that kill, successes that stabilise. */
export const DEATH_SAVES_TO_SETTLE = 3;
/** A death save succeeds at this total or more. */
export const DEATH_SAVE_DC = 10;

export const FRESH_SAVES: DeathSaves = { successes: 0, failures: 0, stable: false };
/** Dead outright (massive damage), or by three failures. */
export const DEAD_SAVES: DeathSaves = { successes: 0, failures: DEATH_SAVES_TO_SETTLE, stable: false };

export const isDead = (saves: DeathSaves | undefined): boolean => (saves?.failures ?? 0) >= DEATH_SAVES_TO_SETTLE;

/** How one death save went: a natural 20 brings the character back with 1 hit point, a natural 1 is two failures. */
export type DeathSaveOutcome = 'revived' | 'success' | 'failure' | 'double-failure';

export function deathSaveOutcome(face: number, modifier: number): DeathSaveOutcome {
  if (face === 20) return 'revived';
  if (face === 1) return 'double-failure';
  return face + modifier >= DEATH_SAVE_DC ? 'success' : 'failure';
}

/** `failures` more failures: the tally goes on (a stable character is dying again). */
export const withFailures = (saves: DeathSaves, failures: number): DeathSaves => ({
  successes: saves.successes,
  failures: Math.min(DEATH_SAVES_TO_SETTLE, saves.failures + failures),
  stable: false,
});

/** The tally after a save; null: the character is back on its feet (a natural 20). */
export function afterSave(saves: DeathSaves, outcome: DeathSaveOutcome): DeathSaves | null {
  switch (outcome) {
    case 'revived':
      return null;
    case 'success':
      // "When you succeed on three, you become stable": the tally starts again from zero.
      return saves.successes + 1 >= DEATH_SAVES_TO_SETTLE ? { successes: 0, failures: 0, stable: true } : { ...saves, successes: saves.successes + 1 };
    case 'failure':
      return withFailures(saves, 1);
    case 'double-failure':
      return withFailures(saves, 2);
    default: {
      const _exhaustive: never = outcome;
      return _exhaustive;
    }
  }
}

/**
 * [DND-19] Damage to a character already at 0 hit points: `got` is what got past its temporary hit
 * points. None: nothing happens; at least its maximum: dead; else a failure, two for a critical hit.
 */
export function afterDamageAtZero(saves: DeathSaves, got: number, max: number, critical: boolean): DeathSaves {
  if (got <= 0) return saves;
  if (got >= max) return DEAD_SAVES;
  return withFailures(saves, critical ? 2 : 1);
}

/**
 * [DND-17] [DND-19] Damage that takes a character from above 0 to 0: dying with a fresh tally, or dead
 * outright when the damage left over at 0 equals or exceeds its hit point maximum (massive damage).
 */
export const afterDroppingToZero = (leftOver: number, max: number): DeathSaves => (leftOver >= max ? DEAD_SAVES : FRESH_SAVES);
