import { describe, expect, it } from 'vitest';
import { AudienceTable } from './audience-table.js';

const GM = { kind: 'gm' } as const;
const PUBLIC = { kind: 'public' } as const;
const seat = (seatId: string) => ({ kind: 'seat', seatId, combatantIds: [`pc-${seatId}`] }) as const;

describe('AudienceTable', () => {
  it('lists each audience of an encounter once, whatever the number of its sockets, with its channel', () => {
    const table = new AudienceTable();
    table.add('e1', GM, 'whole');
    table.add('e1', seat('s1'), 'patch');
    table.add('e1', seat('s1'), 'whole');
    table.add('e2', PUBLIC, 'whole');
    expect(table.audiences('e1')).toEqual([GM, seat('s1')]);
    expect(table.audiences('e2')).toEqual([PUBLIC]);
    expect(table.audiences('e3')).toEqual([]);
    expect(table.count('e1', seat('s1'))).toMatchObject({ whole: 1, patch: 1 });
  });

  it('forgets an audience when its last socket leaves, and an encounter when its last audience does', () => {
    const table = new AudienceTable();
    table.add('e1', GM, 'whole');
    table.add('e1', seat('s1'), 'patch');
    table.add('e1', seat('s1'), 'patch');
    table.remove('e1', seat('s1'), 'patch');
    expect(table.listening('e1', seat('s1'))).toBe(true);
    table.remove('e1', seat('s1'), 'patch');
    expect(table.listening('e1', seat('s1'))).toBe(false);
    expect(table.audiences('e1')).toEqual([GM]);
    expect(table.has('e1')).toBe(true);
    table.remove('e1', GM, 'whole');
    expect(table.has('e1')).toBe(false);
    expect(table.audiences('e1')).toEqual([]);
  });

  it('counts a socket out by the delivery it was counted in with', () => {
    const table = new AudienceTable();
    table.add('e1', GM, 'whole');
    table.add('e1', GM, 'patch');
    table.remove('e1', GM, 'patch');
    expect(table.count('e1', GM)).toMatchObject({ whole: 1, patch: 0 });
    // Out of an audience nobody is in: nothing happens.
    table.remove('e1', PUBLIC, 'whole');
    expect(table.audiences('e1')).toEqual([GM]);
  });

  it('hands out the same list between changes (read once per command) and a new one after', () => {
    const table = new AudienceTable();
    table.add('e1', GM, 'whole');
    const before = table.audiences('e1');
    expect(table.audiences('e1')).toBe(before);
    table.add('e1', PUBLIC, 'whole');
    expect(table.audiences('e1')).not.toBe(before);
    expect(table.audiences('e1')).toEqual([GM, PUBLIC]);
  });

  it('counts shared-view sockets per audience and per encounter (the public part goes to all of them at once)', () => {
    const table = new AudienceTable();
    table.add('e1', seat('s1'), 'shared');
    table.add('e1', PUBLIC, 'shared');
    table.add('e1', PUBLIC, 'patch');
    table.add('e2', PUBLIC, 'shared');
    expect(table.sharedCount('e1')).toBe(2);
    expect(table.count('e1', PUBLIC)).toEqual({ channel: PUBLIC, whole: 0, patch: 1, shared: 1 });
    table.remove('e1', seat('s1'), 'shared');
    expect(table.sharedCount('e1')).toBe(1);
    expect(table.audiences('e1')).toEqual([PUBLIC]);
    table.remove('e1', PUBLIC, 'shared');
    expect(table.sharedCount('e1')).toBe(0);
    expect(table.sharedCount('e2')).toBe(1);
    expect(table.audiences('e1')).toEqual([PUBLIC]);
  });
});
