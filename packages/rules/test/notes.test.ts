// ENG-43: the GM's notes on combatants, written at any time and seen by the GM alone.
import { describe, expect, it } from 'vitest';
import { project } from '../src/index.js';
import { act, add, GM, party, player, refusal, run } from './harness.js';

describe('GM notes on combatants', () => {
  it('[ENG-43] [ENG-6] the GM writes, replaces and clears a note; only the GM view carries it', () => {
    let s = run(party(), add('Ogre', 'enemy', { note: 'Flees below half' }));
    const ogre = s.combatants.at(-1)?.id ?? '';
    const { state, events } = act(s, { type: 'set-note', combatantId: ogre, note: 'Guards the stairs; flees below half' });
    expect(events).toEqual([{ type: 'note-set', combatantId: ogre, note: 'Guards the stairs; flees below half' }]);
    s = state;
    expect(project(s, GM).combatants.find((c) => c.id === ogre)?.note).toBe('Guards the stairs; flees below half');
    for (const audience of [player(s.combatants[0]?.id ?? ''), { role: 'spectator' } as const]) {
      expect(JSON.stringify(project(s, audience))).not.toContain('stairs');
    }
    s = run(s, { type: 'set-note', combatantId: ogre, note: '' });
    expect(s.combatants.find((c) => c.id === ogre)?.note).toBe('');
  });

  it('[ENG-43] [ENG-18] a player may not write notes, an unknown combatant is refused, and undo brings the old note back', () => {
    const s = run(party(), add('Ogre', 'enemy', { note: 'Old' }));
    const ogre = s.combatants.at(-1)?.id ?? '';
    const pc = s.combatants[0]?.id ?? '';
    expect(refusal(s, { type: 'set-note', combatantId: pc, note: 'mine' }, player(pc)).code).toBe('gm-only');
    expect(refusal(s, { type: 'set-note', combatantId: 'c999', note: 'x' }).code).toBe('unknown-combatant');
    const t = act(s, { type: 'set-note', combatantId: ogre, note: 'New' });
    expect(run(t.state, { type: 'undo' }).combatants.find((c) => c.id === ogre)?.note).toBe('Old');
  });
});
