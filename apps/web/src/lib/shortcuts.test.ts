import { describe, expect, it } from 'vitest';
import { isNextTurnKey, type KeyPress } from './shortcuts.js';

const press = (patch: Partial<KeyPress> = {}): KeyPress => ({ key: 'n', ctrlKey: false, metaKey: false, altKey: false, repeat: false, target: null, ...patch });

describe('the Next turn shortcut', () => {
  it('is N, with or without Shift', () => {
    expect(isNextTurnKey(press())).toBe(true);
    expect(isNextTurnKey(press({ key: 'N' }))).toBe(true);
    expect(isNextTurnKey(press({ key: 'm' }))).toBe(false);
  });
  it('leaves Ctrl/Cmd/Alt+N to the browser, and a held key ends one turn only', () => {
    expect(isNextTurnKey(press({ ctrlKey: true }))).toBe(false);
    expect(isNextTurnKey(press({ metaKey: true }))).toBe(false);
    expect(isNextTurnKey(press({ altKey: true }))).toBe(false);
    expect(isNextTurnKey(press({ repeat: true }))).toBe(false);
  });
});
