// The console's keyboard shortcuts, in one place: what a key press does (`consoleShortcut`) and the
// sheet that lists them (on ?), so buttons, the sheet and the handler never disagree.

/** [issue 15] Next turn: N (no modifier), shown in the button's title and aria-keyshortcuts. */
export const NEXT_TURN_KEY = 'N';

/** Typing in a field (or a contenteditable) keeps its keys: no shortcut fires there. */
export const isTextField = (target: EventTarget | null): boolean =>
  typeof HTMLElement !== 'undefined' &&
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The parts of a key event a shortcut looks at (a KeyboardEvent has them all). */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey?: boolean;
  readonly repeat: boolean;
  readonly target: EventTarget | null;
}

/** [issue 28] What a key does in the console. */
export type ConsoleShortcut =
  | { readonly kind: 'next-turn' }
  | { readonly kind: 'move'; readonly step: -1 | 1 }
  /** Start a health entry for the selection with this text: d → "-", h → "+", or the sign typed. */
  | { readonly kind: 'health'; readonly start: '-' | '+' | '=' }
  | { readonly kind: 'find' }
  | { readonly kind: 'help' }
  | { readonly kind: 'clear' }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' };

const PLAIN: Readonly<Record<string, ConsoleShortcut>> = {
  [NEXT_TURN_KEY.toLowerCase()]: { kind: 'next-turn' },
  arrowup: { kind: 'move', step: -1 },
  arrowdown: { kind: 'move', step: 1 },
  k: { kind: 'move', step: -1 },
  j: { kind: 'move', step: 1 },
  d: { kind: 'health', start: '-' },
  '-': { kind: 'health', start: '-' },
  h: { kind: 'health', start: '+' },
  '+': { kind: 'health', start: '+' },
  '=': { kind: 'health', start: '=' },
  '/': { kind: 'find' },
  f: { kind: 'find' },
  '?': { kind: 'help' },
  escape: { kind: 'clear' },
};

/**
 * The shortcut a key press means, or null. Never inside a text field (the field keeps its keys, its
 * own undo included); a held key repeats only the moves (a held N would end turn after turn); Ctrl/Cmd
 * only for undo (Z) and redo (Shift+Z, Y); Alt never (the browser's and the system's).
 */
export function consoleShortcut(e: KeyPress): ConsoleShortcut | null {
  if (isTextField(e.target) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (e.ctrlKey || e.metaKey) {
    if (key === 'z') return { kind: e.shiftKey ? 'redo' : 'undo' };
    return key === 'y' ? { kind: 'redo' } : null;
  }
  const shortcut = PLAIN[key] ?? null;
  if (e.repeat && shortcut?.kind !== 'move') return null;
  return shortcut;
}

/** The sheet shown on ?, in the order a GM needs them. */
export const SHORTCUT_SHEET: readonly { readonly keys: readonly string[]; readonly does: string }[] = [
  { keys: [NEXT_TURN_KEY], does: 'Next turn' },
  { keys: ['↑', '↓'], does: 'Select the combatant above or below (also K and J)' },
  { keys: ['Click'], does: 'Select one combatant and show everything about it' },
  { keys: ['Shift+click'], does: 'Select every combatant from the last one clicked' },
  { keys: ['Ctrl+click', '☐'], does: 'Add a combatant to the selection, or take it out' },
  { keys: ['D', '−'], does: 'Damage the selected: type the amount, then Enter' },
  { keys: ['H', '+'], does: 'Heal the selected: type the amount, then Enter' },
  { keys: ['='], does: 'Set the maximum health of the selected' },
  { keys: ['/', 'F'], does: 'Find a combatant by typing its name' },
  { keys: ['Ctrl+Z'], does: 'Undo' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'Redo' },
  { keys: ['Esc'], does: 'Clear the selection, or close this sheet' },
  { keys: ['?'], does: 'Show these shortcuts' },
];
