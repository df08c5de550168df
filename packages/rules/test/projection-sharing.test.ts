import { describe, expect, it } from 'vitest';
import { project } from '../src/index.js';
import { GM, newEncounter, run } from './harness.js';

// project() keeps returning the same view object for a combatant an event did not touch (health included). Correctness
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

  it('[ENG-32] a health change renews only that combatant\'s views; a turn change keeps views with health shared', () => {
    let before = run(setUp(), { type: 'set-max-health', combatantIds: ['c1', 'c2'], max: 10 });
    before = run(before, { type: 'apply-damage', targets: [{ combatantId: 'c2', amount: 3 }] });
    const turned = run(before, { type: 'end-turn' });
    const hit = run(before, { type: 'apply-damage', targets: [{ combatantId: 'c2', amount: 2 }] });
    for (const audience of [{ role: 'gm' } as const, { role: 'spectator' } as const, { role: 'player', combatantIds: ['c1'] } as const]) {
      const [a, b, c] = [project(before, audience), project(turned, audience), project(hit, audience)];
      b.combatants.forEach((view, i) => expect(view).toBe(a.combatants[i]));
      expect(c.combatants[0]).toBe(a.combatants[0]);
      expect(c.combatants[1]).not.toBe(a.combatants[1]);
    }
    expect(project(hit, { role: 'spectator' }).combatants[1]?.health).toEqual({ shown: 'states', state: 'bloodied' });
  });

  it('[ENG-32] a change of what the table sees gives new views at once (nothing stale from the cache)', () => {
    let s = run(setUp(), { type: 'set-max-health', combatantIds: ['c1', 'c2'], max: 10 });
    s = run(s, { type: 'apply-damage', targets: [{ combatantId: 'c2', amount: 3 }] });
    const spectator = { role: 'spectator' } as const;
    expect(project(s, spectator).combatants[1]?.health).toEqual({ shown: 'states', state: 'hurt' });
    const numbers = run(s, { type: 'set-options', options: { npcHealthView: 'numbers' } });
    expect(project(numbers, spectator).combatants[1]?.health).toMatchObject({ shown: 'numbers', health: { current: 7 } });
    const none = run(numbers, { type: 'set-options', options: { npcHealthView: 'none', partyHealthView: 'states' } });
    expect(project(none, spectator).combatants[1]).not.toHaveProperty('health');
    expect(project(none, spectator).combatants[0]?.health).toEqual({ shown: 'states', state: 'unhurt' });
    expect(project(none, { role: 'player', combatantIds: ['c1'] }).combatants[0]?.health).toMatchObject({ shown: 'numbers' });
  });
});
