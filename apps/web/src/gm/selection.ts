// [issue 28] Which rows of the console's list are selected, as file managers do it: a click selects
// one row, Ctrl/Cmd-click (or the row's tick box, on touch) adds or removes one, Shift-click selects
// the range from the last row clicked, ↑/↓ move a single selection. `focus` is the row whose detail
// the console shows: the last one clicked while it is still selected.
import type { CombatantId } from '@roundkeeper/rules';

export interface Selection {
  readonly ids: readonly CombatantId[];
  /** Where a Shift-click range starts. */
  readonly anchor: CombatantId | null;
  readonly focus: CombatantId | null;
}

export const NO_SELECTION: Selection = { ids: [], anchor: null, focus: null };

export interface ClickKeys {
  /** Shift: a range from the anchor. */
  readonly range: boolean;
  /** Ctrl or Cmd, or the tick box: this row in or out. */
  readonly toggle: boolean;
}

const only = (id: CombatantId): Selection => ({ ids: [id], anchor: id, focus: id });

/** `order`: the selectable ids in the list's order. */
export function clickRow(selection: Selection, id: CombatantId, order: readonly CombatantId[], keys: ClickKeys): Selection {
  if (keys.range && selection.anchor !== null && order.includes(selection.anchor)) {
    const [from, to] = [order.indexOf(selection.anchor), order.indexOf(id)].sort((a, b) => a - b) as [number, number];
    const range = order.slice(from, to + 1);
    const kept = keys.toggle ? selection.ids.filter((x) => !range.includes(x)) : [];
    return { ids: [...kept, ...range], anchor: selection.anchor, focus: id };
  }
  if (keys.toggle) {
    if (selection.ids.includes(id)) {
      const ids = selection.ids.filter((x) => x !== id);
      return { ids, anchor: id, focus: selection.focus === id ? (ids.at(-1) ?? null) : selection.focus };
    }
    return { ids: [...selection.ids, id], anchor: id, focus: id };
  }
  return only(id);
}

/** A group's heading: all its members, or none when all were selected already. */
export function clickGroup(selection: Selection, members: readonly CombatantId[]): Selection {
  const first = members[0];
  if (first === undefined) return selection;
  if (members.every((id) => selection.ids.includes(id))) return NO_SELECTION;
  return { ids: [...members], anchor: first, focus: first };
}

/** ↑ (−1) or ↓ (+1): one row, from the focus (from the top or the bottom when nothing is selected). */
export function moveSelection(selection: Selection, order: readonly CombatantId[], step: -1 | 1): Selection {
  if (order.length === 0) return NO_SELECTION;
  const at = selection.focus === null ? -1 : order.indexOf(selection.focus);
  const next = at === -1 ? (step === 1 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, at + step));
  return only(order[next] as CombatantId);
}

/** Without the rows that are gone (a combatant removed, an undo of its adding). */
export function keepExisting(selection: Selection, existing: readonly CombatantId[]): Selection {
  if (selection.ids.every((id) => existing.includes(id)) && (selection.anchor === null || existing.includes(selection.anchor))) return selection;
  const ids = selection.ids.filter((id) => existing.includes(id));
  const focus = selection.focus !== null && ids.includes(selection.focus) ? selection.focus : (ids.at(-1) ?? null);
  return { ids, anchor: selection.anchor !== null && existing.includes(selection.anchor) ? selection.anchor : focus, focus };
}
