import { describe, expect, it } from 'vitest';
import {
  afterDamageAtZero,
  afterDroppingToZero,
  afterSave,
  DEAD_SAVES,
  deathSaveOutcome,
  FRESH_SAVES,
  isDead,
} from './death-saves.js';

describe('death saving throws', () => {
  it('[DND-18] 10 or more succeeds, a natural 20 revives, a natural 1 is two failures', () => {
    expect([2, 9, 10, 19].map((face) => deathSaveOutcome(face, 0))).toEqual(['failure', 'failure', 'success', 'success']);
    expect(deathSaveOutcome(8, 2)).toBe('success');
    expect(deathSaveOutcome(20, -5)).toBe('revived');
    expect(deathSaveOutcome(1, 15)).toBe('double-failure');
  });

  it('[DND-18] three successes make the character stable (the tally starts again); three failures kill', () => {
    let saves = FRESH_SAVES;
    saves = afterSave(saves, 'success') ?? saves;
    saves = afterSave(saves, 'failure') ?? saves;
    saves = afterSave(saves, 'success') ?? saves;
    expect(saves).toEqual({ successes: 2, failures: 1, stable: false });
    expect(afterSave(saves, 'success')).toEqual({ successes: 0, failures: 0, stable: true });
    expect(afterSave(saves, 'double-failure')).toEqual({ successes: 2, failures: 3, stable: false });
    expect(isDead(afterSave(saves, 'double-failure') ?? undefined)).toBe(true);
    expect(afterSave(saves, 'revived')).toBeNull();
  });

  it('[DND-19] damage at 0 is a failure, a critical two, at least the maximum death; a stable character is dying again', () => {
    const stable = { successes: 0, failures: 0, stable: true };
    expect(afterDamageAtZero(stable, 3, 20, false)).toEqual({ successes: 0, failures: 1, stable: false });
    expect(afterDamageAtZero(FRESH_SAVES, 3, 20, true)).toEqual({ successes: 0, failures: 2, stable: false });
    expect(afterDamageAtZero(FRESH_SAVES, 20, 20, false)).toEqual(DEAD_SAVES);
    // Damage the temporary hit points took in full costs no death save.
    expect(afterDamageAtZero(FRESH_SAVES, 0, 20, true)).toEqual(FRESH_SAVES);
    expect(afterDroppingToZero(19, 20)).toEqual(FRESH_SAVES);
    expect(afterDroppingToZero(20, 20)).toEqual(DEAD_SAVES);
  });
});
