// UESRPG health through the whole engine: down at 0, the slot skipped, back when healed.
import { describe, expect, it } from 'vitest';
import { project, type Command } from '../src/index.js';
import { GM, player, refusal, run } from './harness.js';
import { combat, whoseTurn } from './uesrpg-harness.js';

const damage = (combatantId: string, amount: number): Command => ({ type: 'apply-damage', targets: [{ combatantId, amount }] });
const setMax = (max: number, ...combatantIds: string[]): Command => ({ type: 'set-max-health', combatantIds, max });

describe('UESRPG health', () => {
  it('[UES-33] anyone at 0 HP is down: defeated, its slot skipped, a group acting with the rest; healed, back', () => {
    let s = run(run(combat(), setMax(14, 'c1', 'c2')), setMax(6, 'c4', 'c5'));
    expect(whoseTurn(s)).toBe('c2');
    s = run(s, damage('c1', 20), player('c1'));
    expect(s.combatants.find((c) => c.id === 'c1')).toMatchObject({ defeated: true, health: { current: 0 } });
    expect(project(s, { role: 'spectator' }).combatants.find((c) => c.id === 'c1')?.health).toMatchObject({ state: 'down' });
    s = run(s, damage('c4', 6));
    s = run(s, { type: 'end-turn' }, player('c2'));
    // Aela is down: the Bandits act next, the one still standing only.
    expect(whoseTurn(s)).toBe('c5');
    s = run(s, { type: 'apply-healing', targets: [{ combatantId: 'c1', amount: 5 }] }, GM);
    expect(s.combatants.find((c) => c.id === 'c1')?.defeated).toBe(false);
    expect(refusal(s, { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 3 }] }).code).toBe('not-supported');
  });
});
