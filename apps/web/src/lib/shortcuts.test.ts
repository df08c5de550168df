import { describe, expect, it } from 'vitest';
import { consoleShortcut, type KeyPress } from './shortcuts.js';

const press = (patch: Partial<KeyPress> = {}): KeyPress => ({ key: 'n', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, repeat: false, target: null, ...patch });

describe('[issue 15] the Next turn shortcut', () => {
  const next = { kind: 'next-turn' };
  it('is N, with or without Shift', () => {
    expect(consoleShortcut(press())).toEqual(next);
    expect(consoleShortcut(press({ key: 'N', shiftKey: true }))).toEqual(next);
    expect(consoleShortcut(press({ key: 'm' }))).toBeNull();
  });
  it('leaves Ctrl/Cmd/Alt+N to the browser, and a held key ends one turn only', () => {
    expect(consoleShortcut(press({ ctrlKey: true }))).toBeNull();
    expect(consoleShortcut(press({ metaKey: true }))).toBeNull();
    expect(consoleShortcut(press({ altKey: true }))).toBeNull();
    expect(consoleShortcut(press({ repeat: true }))).toBeNull();
  });
});

describe('[issue 28] the console shortcuts', () => {
  it('move the selection with the arrows (held down too), and with J and K', () => {
    expect(consoleShortcut(press({ key: 'ArrowDown' }))).toEqual({ kind: 'move', step: 1 });
    expect(consoleShortcut(press({ key: 'ArrowUp', repeat: true }))).toEqual({ kind: 'move', step: -1 });
    expect(consoleShortcut(press({ key: 'j' }))).toEqual({ kind: 'move', step: 1 });
  });
  it('start a health entry: D and − damage, H and + heal, = a maximum', () => {
    expect(consoleShortcut(press({ key: 'd' }))).toEqual({ kind: 'health', start: '-' });
    expect(consoleShortcut(press({ key: '-' }))).toEqual({ kind: 'health', start: '-' });
    expect(consoleShortcut(press({ key: 'H', shiftKey: true }))).toEqual({ kind: 'health', start: '+' });
    expect(consoleShortcut(press({ key: '+', shiftKey: true }))).toEqual({ kind: 'health', start: '+' });
    expect(consoleShortcut(press({ key: '=' }))).toEqual({ kind: 'health', start: '=' });
  });
  it('find with / or F, the sheet with ?, Esc clears', () => {
    expect(consoleShortcut(press({ key: '/' }))).toEqual({ kind: 'find' });
    expect(consoleShortcut(press({ key: 'f' }))).toEqual({ kind: 'find' });
    expect(consoleShortcut(press({ key: '?', shiftKey: true }))).toEqual({ kind: 'help' });
    expect(consoleShortcut(press({ key: 'Escape' }))).toEqual({ kind: 'clear' });
  });
  it('undo with Ctrl or Cmd+Z, redo with Shift or Y; other Ctrl keys stay the browser’s', () => {
    expect(consoleShortcut(press({ key: 'z', ctrlKey: true }))).toEqual({ kind: 'undo' });
    expect(consoleShortcut(press({ key: 'Z', metaKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
    expect(consoleShortcut(press({ key: 'y', ctrlKey: true }))).toEqual({ kind: 'redo' });
    expect(consoleShortcut(press({ key: 'n', ctrlKey: true }))).toBeNull();
    expect(consoleShortcut(press({ key: 'd', altKey: true }))).toBeNull();
  });
  it('a held key other than an arrow fires once; unknown keys do nothing', () => {
    expect(consoleShortcut(press({ repeat: true }))).toBeNull();
    expect(consoleShortcut(press({ key: 'x' }))).toBeNull();
  });
});
