import { describe, expect, it } from 'vitest';
import type { Command, EncounterView } from '@roundkeeper/rules';
import type { KeyPress } from '../lib/shortcuts.js';
import { selectableIds, listRows } from './combat-rows.js';
import { consoleKeys } from './console-keys.js';
import { NO_SELECTION, type Selection } from './selection.js';
import { fighting, gmView, table } from './encounters.test-support.js';

/** The handler on a view, recording what each key did. */
function keys(view: EncounterView, selection: Selection = NO_SELECTION) {
  const did: string[] = [];
  const sent: Command[] = [];
  let current = selection;
  const handle = consoleKeys({
    view: () => view,
    selection: () => current,
    order: () => selectableIds(listRows(view)),
    select: (next) => {
      current = next;
      did.push(`select ${next.ids.join(',')}`);
    },
    send: (command) => {
      sent.push(command);
      return Promise.resolve(true);
    },
    startHealth: (prefix) => did.push(`health ${prefix}`),
    find: () => did.push('find'),
    help: () => did.push('help'),
  });
  const press = (key: string, more: Partial<KeyPress> = {}) => {
    let prevented = false;
    handle({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, repeat: false, target: null, ...more, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { press, did, sent, selection: () => current };
}

describe('[issue 28] the console keys', () => {
  it('N ends the turn in combat only', () => {
    const inCombat = keys(gmView(fighting()));
    expect(inCombat.press('n')).toBe(true);
    expect(inCombat.sent).toEqual([{ type: 'end-turn' }]);
    const before = keys(gmView(table()));
    expect(before.press('n')).toBe(false);
    expect(before.sent).toEqual([]);
  });

  it('↓ and ↑ walk the list in its order; D and H start an entry for the selection, and only with one', () => {
    const view = gmView(fighting());
    const order = selectableIds(listRows(view));
    const k = keys(view);
    expect(k.press('d')).toBe(false);
    expect(k.did).toEqual([]);
    k.press('ArrowDown');
    k.press('ArrowDown');
    expect(k.selection().ids).toEqual([order[1]]);
    k.press('ArrowUp');
    expect(k.selection().ids).toEqual([order[0]]);
    expect(k.press('d')).toBe(true);
    k.press('h');
    k.press('=');
    expect(k.did.slice(-3)).toEqual(['health -', 'health +', 'health =']);
    k.press('Escape');
    expect(k.selection()).toEqual(NO_SELECTION);
  });

  it('/ finds, ? shows the sheet, and undo or redo is sent only when there is something to undo or redo', () => {
    const fresh = gmView(fighting());
    const k = keys(fresh);
    k.press('/');
    k.press('?', { shiftKey: true });
    expect(k.did).toEqual(['find', 'help']);
    k.press('z', { ctrlKey: true });
    k.press('z', { ctrlKey: true, shiftKey: true });
    // Combat has started (commands to undo) and nothing was undone (nothing to redo).
    expect(k.sent).toEqual([{ type: 'undo' }]);
  });
});
