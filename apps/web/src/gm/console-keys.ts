// [issue 28] What the console's keys do, for a GM who never leaves the keyboard (the keys themselves
// are lib/shortcuts.ts's). Nothing fires inside a text field; N only in combat; the health keys only
// with a selection (else they would start an entry for nobody).
import type { Command, CombatantId, EncounterView } from '@roundkeeper/rules';
import { consoleShortcut, type KeyPress } from '../lib/shortcuts.js';
import { healthEntryOpen } from './health-entry.js';
import { moveSelection, NO_SELECTION, type Selection } from './selection.js';

export interface ConsoleKeyDeps {
  readonly view: () => EncounterView | null;
  readonly selection: () => Selection;
  /** The selectable ids in the list's order. */
  readonly order: () => readonly CombatantId[];
  readonly select: (selection: Selection) => void;
  readonly send: (command: Command) => Promise<boolean>;
  readonly startHealth: (prefix: string) => void;
  readonly find: () => void;
  readonly help: () => void;
}

/** The window's keydown handler. */
export function consoleKeys(deps: ConsoleKeyDeps): (event: KeyPress & { preventDefault(): void }) => void {
  return (event) => {
    const shortcut = consoleShortcut(event);
    const view = deps.view();
    if (!shortcut || !view) return;
    const editable = healthEntryOpen(view);
    const selected = deps.selection().ids.length > 0;
    switch (shortcut.kind) {
      case 'next-turn':
        if (view.phase !== 'active') return;
        void deps.send({ type: 'end-turn' });
        break;
      case 'move':
        deps.select(moveSelection(deps.selection(), deps.order(), shortcut.step));
        break;
      case 'health':
        if (!selected || !editable) return;
        deps.startHealth(shortcut.start);
        break;
      case 'find':
        deps.find();
        break;
      case 'help':
        deps.help();
        break;
      case 'clear':
        if (!selected) return;
        deps.select(NO_SELECTION);
        break;
      case 'undo':
      case 'redo':
        if (!view.undo?.[shortcut.kind]) return;
        void deps.send({ type: shortcut.kind });
        break;
      default: {
        const _exhaustive: never = shortcut;
        return _exhaustive;
      }
    }
    // Handled: the key does nothing else (no "d" typed into the field it focused, no page scroll on ↓).
    event.preventDefault();
  };
}
