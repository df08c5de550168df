import { describe, expect, it } from 'vitest';
import { clickGroup, clickRow, keepExisting, moveSelection, NO_SELECTION, type Selection } from './selection.js';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const plain = { range: false, toggle: false };
const ctrl = { range: false, toggle: true };
const shift = { range: true, toggle: false };

describe('[issue 28] selecting rows of the console list', () => {
  it('a click selects that row alone and shows it', () => {
    const s = clickRow({ ids: ['a', 'b'], anchor: 'a', focus: 'b' }, 'd', order, plain);
    expect(s).toEqual({ ids: ['d'], anchor: 'd', focus: 'd' });
  });
  it('Shift-click selects the range from the last row clicked, either way', () => {
    const fromB = clickRow(NO_SELECTION, 'b', order, plain);
    expect(clickRow(fromB, 'e', order, shift).ids).toEqual(['b', 'c', 'd', 'e']);
    expect(clickRow(fromB, 'a', order, shift).ids).toEqual(['a', 'b']);
    // A second Shift-click moves the end of the range, not its start.
    expect(clickRow(clickRow(fromB, 'e', order, shift), 'c', order, shift)).toEqual({ ids: ['b', 'c'], anchor: 'b', focus: 'c' });
  });
  it('Ctrl-click (or the tick box) adds a row or takes it out, keeping the others', () => {
    let s: Selection = clickRow(NO_SELECTION, 'a', order, plain);
    s = clickRow(s, 'c', order, ctrl);
    s = clickRow(s, 'f', order, ctrl);
    expect(s.ids).toEqual(['a', 'c', 'f']);
    expect(s.focus).toBe('f');
    s = clickRow(s, 'f', order, ctrl);
    expect(s).toEqual({ ids: ['a', 'c'], anchor: 'f', focus: 'c' });
    expect(clickRow(s, 'c', order, ctrl).ids).toEqual(['a']);
  });
  it('Shift without an anchor is a plain click', () => {
    expect(clickRow(NO_SELECTION, 'c', order, shift)).toEqual({ ids: ['c'], anchor: 'c', focus: 'c' });
  });
  it("a group's heading selects all its members, and a second click none", () => {
    const all = clickGroup(NO_SELECTION, ['c', 'd', 'e']);
    expect(all).toEqual({ ids: ['c', 'd', 'e'], anchor: 'c', focus: 'c' });
    expect(clickGroup(all, ['c', 'd', 'e'])).toEqual(NO_SELECTION);
  });
  it('↑/↓ move one row from the row shown, stopping at the ends; from nothing they start at an end', () => {
    expect(moveSelection(NO_SELECTION, order, 1).ids).toEqual(['a']);
    expect(moveSelection(NO_SELECTION, order, -1).ids).toEqual(['f']);
    const many: Selection = { ids: ['b', 'c', 'd'], anchor: 'b', focus: 'd' };
    expect(moveSelection(many, order, 1)).toEqual({ ids: ['e'], anchor: 'e', focus: 'e' });
    expect(moveSelection(moveSelection(many, order, 1), order, 1).ids).toEqual(['f']);
    expect(moveSelection({ ids: ['f'], anchor: 'f', focus: 'f' }, order, 1).ids).toEqual(['f']);
    expect(moveSelection({ ids: ['a'], anchor: 'a', focus: 'a' }, order, -1).ids).toEqual(['a']);
    expect(moveSelection(many, [], 1)).toEqual(NO_SELECTION);
  });
  it('forgets rows that are gone, and the row shown moves to one still there', () => {
    const s: Selection = { ids: ['a', 'b', 'c'], anchor: 'a', focus: 'c' };
    expect(keepExisting(s, order)).toBe(s);
    expect(keepExisting(s, ['a', 'b'])).toEqual({ ids: ['a', 'b'], anchor: 'a', focus: 'b' });
    expect(keepExisting(s, ['x'])).toEqual({ ids: [], anchor: null, focus: null });
  });
});
