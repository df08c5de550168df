// The console's keyboard shortcuts without a modifier, in one place so buttons can say them on hover.

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
  readonly repeat: boolean;
  readonly target: EventTarget | null;
}

/** N alone, pressed (not held: a held key would end turn after turn), outside a text field. */
export const isNextTurnKey = (e: KeyPress): boolean =>
  e.key.toUpperCase() === NEXT_TURN_KEY && !e.ctrlKey && !e.metaKey && !e.altKey && !e.repeat && !isTextField(e.target);
