import { describe, expect, it } from 'vitest';
import { project } from '../src/index.js';
import { GM, newEncounter, run } from './harness.js';

// project() keeps returning the same view object for a combatant an event did not touch. Correctness
// does not depend on it (views are compared by value everywhere); speed does: the server projects for
// every audience on every version, and view patches skip shared objects by identity.
describe('projections share untouched combatants', () => {
  const setUp = () => {
    let s = newEncounter();
    s = run(s, { type: 'add-combatant', combatant: { name: 'Aria', side: 'pc', stats: { dex: 14 } } });
    s = run(s, { type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 12 } } });
    s = run(s, { type: 'begin-initiative' });
    s = run(s, { type: 'roll-initiative', unit: { kind: 'combatant', id: 'c1' } });
    s = run(s, { type: 'roll-initiative', unit: { kind: 'combatant', id: 'c2' } });
    return run(s, { type: 'start-combat' });
  };

  it('returns the very same combatant views across a turn change, for each kind of audience', () => {
    const before = setUp();
    const after = run(before, { type: 'end-turn' });
    for (const audience of [{ role: 'gm' } as const, { role: 'spectator' } as const, { role: 'player', combatantIds: ['c1'] } as const]) {
      const [a, b] = [project(before, audience), project(after, audience)];
      expect(b.combatants).toEqual(a.combatants);
      b.combatants.forEach((view, i) => expect(view).toBe(a.combatants[i]));
    }
  });

  it('gives a changed combatant a new view, and each audience its own', () => {
    const before = setUp();
    const after = run(before, { type: 'add-condition', combatantId: 'c2', name: 'Prone' });
    const [a, b] = [project(before, GM), project(after, GM)];
    expect(b.combatants[0]).toBe(a.combatants[0]);
    expect(b.combatants[1]).not.toBe(a.combatants[1]);
    expect(b.combatants[1]?.conditions.map((k) => k.name)).toEqual(['Prone']);
    const mine = project(after, { role: 'player', combatantIds: ['c1'] }).combatants[0];
    const theirs = project(after, { role: 'player', combatantIds: ['c2'] }).combatants[0];
    expect(mine).toMatchObject({ mine: true, stats: { dex: 14 } });
    expect(theirs).not.toHaveProperty('stats');
    expect(theirs?.mine).toBe(false);
  });
});
