import { describe, expect, it } from 'vitest';
import { act, add, newEncounter, party, refusal, run } from '../../../test/harness.js';

describe('add-combatant', () => {
  it('[ENG-4] adds a combatant with the next id and the system defaults for missing stats', () => {
    const { state, events } = act(newEncounter(), add('Borin', 'pc', { stats: { dex: 14 }, note: 'Dwarf' }));
    expect(events).toHaveLength(1);
    expect(state.combatants[0]).toEqual({
      id: 'c1',
      name: 'Borin',
      side: 'pc',
      groupId: null,
      hidden: false,
      defeated: false,
      stats: { dex: 14, initBonus: 0, legendaryActions: 0, lairActions: 0 },
      note: 'Dwarf',
      initiative: null,
      tieBreak: null,
      resources: {},
      conditions: [],
      health: null,
    });
    expect(state.nextId).toBe(2);
  });

  it('[DND-4] [ENG-11] count > 1 adds a group "Goblin" with members "Goblin 1".."Goblin 4"', () => {
    const { state, events } = act(newEncounter(), add('Goblin', 'enemy', { count: 4, hidden: true }));
    expect(events.map((e) => e.type)).toEqual([
      'group-added',
      'combatant-added',
      'combatant-added',
      'combatant-added',
      'combatant-added',
    ]);
    expect(state.groups).toEqual([{ id: 'g1', name: 'Goblin', side: 'enemy', initiative: null, tieBreak: null, health: null }]);
    expect(state.combatants.map((c) => [c.id, c.name, c.groupId, c.hidden])).toEqual([
      ['c2', 'Goblin 1', 'g1', true],
      ['c3', 'Goblin 2', 'g1', true],
      ['c4', 'Goblin 3', 'g1', true],
      ['c5', 'Goblin 4', 'g1', true],
    ]);
    expect(state.nextId).toBe(6);
  });

  it('[ENG-10] refuses unknown stats and values out of range with invalid-stats', () => {
    const s = newEncounter();
    expect(refusal(s, add('Borin', 'pc', { stats: { str: 10 } }))).toMatchObject({ code: 'invalid-stats' });
    expect(refusal(s, add('Borin', 'pc', { stats: { str: 10 } })).message).toContain('"str"');
    expect(refusal(s, add('Borin', 'pc', { stats: { dex: 31 } })).message).toBe(
      'Dexterity must be a whole number from 1 to 30.',
    );
    expect(refusal(s, add('Borin', 'pc', { stats: { dex: 0 } })).code).toBe('invalid-stats');
    expect(refusal(s, add('Borin', 'pc', { stats: { initBonus: -21 } })).code).toBe('invalid-stats');
    expect(refusal(s, add('Borin', 'pc', { stats: { dex: 12.5 } })).code).toBe('invalid-stats');
  });

  it('[ENG-1] refuses an empty name or a count below 1 with invalid-command', () => {
    const s = newEncounter();
    expect(refusal(s, add('   ', 'pc')).code).toBe('invalid-command');
    expect(refusal(s, add('Goblin', 'enemy', { count: 0 })).code).toBe('invalid-command');
    expect(refusal(s, add('Goblin', 'enemy', { count: 1.5 })).code).toBe('invalid-command');
  });

  it('[ENG-8] is allowed in setup, initiative and active, refused once ended', () => {
    let s = party();
    s = run(s, add('Owlbear', 'enemy'));
    expect(s.combatants.at(-1)?.name).toBe('Owlbear');
    s = run(s, { type: 'end-encounter' });
    expect(refusal(s, add('Late', 'pc'))).toEqual({
      code: 'wrong-phase',
      message: 'The encounter has ended. You cannot add combatants now.',
    });
  });
});

describe('remove-combatant, set-hidden, set-defeated', () => {
  it('[ENG-1] remove-combatant removes it; an unknown id is unknown-combatant', () => {
    const s = run(party(), { type: 'remove-combatant', combatantId: 'c2' });
    expect(s.combatants.map((c) => c.id)).toEqual(['c1', 'c4', 'c5', 'c6']);
    expect(refusal(s, { type: 'remove-combatant', combatantId: 'c2' }).code).toBe('unknown-combatant');
  });

  it('[ENG-6] set-hidden toggles the hidden flag', () => {
    let s = run(party(), { type: 'set-hidden', combatantId: 'c4', hidden: true });
    expect(s.combatants.find((c) => c.id === 'c4')?.hidden).toBe(true);
    s = run(s, { type: 'set-hidden', combatantId: 'c4', hidden: false });
    expect(s.combatants.find((c) => c.id === 'c4')?.hidden).toBe(false);
    expect(refusal(s, { type: 'set-hidden', combatantId: 'nope', hidden: true }).code).toBe('unknown-combatant');
  });

  it('[DND-7] set-defeated toggles the defeated flag', () => {
    const s = run(party(), { type: 'set-defeated', combatantId: 'c1', defeated: true });
    expect(s.combatants.find((c) => c.id === 'c1')?.defeated).toBe(true);
    expect(refusal(s, { type: 'set-defeated', combatantId: 'nope', defeated: true }).code).toBe('unknown-combatant');
  });

  it('[ENG-8] roster changes are refused once the encounter has ended', () => {
    const s = run(party(), { type: 'end-encounter' });
    expect(refusal(s, { type: 'remove-combatant', combatantId: 'c1' }).code).toBe('wrong-phase');
    expect(refusal(s, { type: 'set-hidden', combatantId: 'c1', hidden: true }).code).toBe('wrong-phase');
    expect(refusal(s, { type: 'set-defeated', combatantId: 'c1', defeated: true }).code).toBe('wrong-phase');
  });
});
