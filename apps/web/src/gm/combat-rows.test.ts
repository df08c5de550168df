// Built from real encounters (the rules' own decide, evolve and GM projection), not hand-made views.
import { describe, expect, it } from 'vitest';
import { currentKey, findByName, listRows, selectableIds, type ListRow } from './combat-rows.js';
import { add, fighting, gmView, run, table } from './encounters.test-support.js';

const names = (rows: readonly ListRow[]) =>
  rows.map((r) => (r.kind === 'combatant' ? `${r.inGroup ? '  ' : ''}${r.c.name}` : r.kind === 'group' ? `[${r.group.name}]` : `(${r.slot.label})`));

describe('[issue 28] the console list: the order is the roster', () => {
  it('before combat: everyone as added, a group under its heading, the hidden one too', () => {
    const rows = listRows(gmView(table()));
    expect(names(rows)).toEqual(['Aria', '[Goblin]', '  Goblin 1', '  Goblin 2', '  Goblin 3', 'Ogre', 'Borin']);
    expect(selectableIds(rows)).toHaveLength(6);
    expect(currentKey(rows)).toBeNull();
  });

  it('in combat: the slots in the order, each group heading followed by its members, the current turn marked', () => {
    let s = fighting();
    const view = gmView(s);
    const rows = listRows(view);
    const order = view.order.map((slot) => slot.label);
    // The headings and lone rows come in the slots' order; members follow their heading.
    expect(names(rows).filter((n) => !n.startsWith('  ')).map((n) => n.replace(/^\[|\]$/g, ''))).toEqual(order);
    expect(names(rows).filter((n) => n.startsWith('  '))).toEqual(['  Goblin 1', '  Goblin 2', '  Goblin 3']);
    expect(currentKey(rows)).toBe(rows[0]!.key);
    s = run(s, { type: 'end-turn' });
    const second = view.order[1]!.unit!;
    expect(currentKey(listRows(gmView(s)))).toBe(`${second.kind === 'group' ? 'g' : 'c'}:${second.id}`);
  });

  it('a group slot marks the group and all its members as acting', () => {
    let s = fighting();
    while (gmView(s).order.find((slot) => slot.id === gmView(s).turn?.slotId)?.unit?.kind !== 'group') s = run(s, { type: 'end-turn' });
    const acting = listRows(gmView(s)).filter((r) => r.current);
    expect(names(acting)).toEqual(['[Goblin]', '  Goblin 1', '  Goblin 2', '  Goblin 3']);
  });

  it('a newcomer in combat who has not rolled comes after the order', () => {
    const s = run(fighting(), add('Cleric', 'npc', 12));
    const rows = listRows(gmView(s));
    expect(names(rows).at(-1)).toBe('Cleric');
  });

  it('finds a combatant by the start of its name first, then anywhere in it, case and accents aside', () => {
    let s = table();
    s = run(s, add('Éowyn', 'pc', 12));
    const rows = listRows(gmView(s));
    const name = (typed: string) => gmView(s).combatants.find((c) => c.id === findByName(rows, typed))?.name ?? null;
    expect(name('og')).toBe('Ogre');
    expect(name('GOB')).toBe('Goblin 1');
    expect(name('lin 3')).toBe('Goblin 3');
    expect(name('eow')).toBe('Éowyn');
    expect(name('zz')).toBeNull();
    expect(name('  ')).toBeNull();
  });
});
