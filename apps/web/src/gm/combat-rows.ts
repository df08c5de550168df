// [issue 28] The console's one list: the turn order is the roster. Each slot of the order in turn (a
// lone combatant's row, a group's heading and its members' rows, an open slot's marker), then whoever
// the order does not hold yet (before combat, a newcomer not rolled, the creatures an open-slot system
// lets choose their slot), in the order they were added, those who rolled first by their totals.
import type { CombatantId, CombatantView, EncounterView, GroupView, SlotView } from '@roundkeeper/rules';

export type ListRow =
  | {
      readonly kind: 'combatant';
      readonly key: string;
      readonly c: CombatantView;
      /** The slot it holds alone (its initiative is the slot's), or null (in a group, or not in the order). */
      readonly slot: SlotView | null;
      /** Acting now: its slot is the current one, or it is among the current turn's actors. */
      readonly current: boolean;
      /** Shown under its group's heading. */
      readonly inGroup: boolean;
    }
  | {
      readonly kind: 'group';
      readonly key: string;
      readonly group: GroupView;
      readonly slot: SlotView | null;
      readonly members: readonly CombatantView[];
      readonly current: boolean;
    }
  | { readonly kind: 'open'; readonly key: string; readonly slot: SlotView; readonly current: boolean };

const total = (c: { readonly initiative: { readonly total: number } | null }) => c.initiative?.total ?? null;

export function listRows(view: EncounterView): ListRow[] {
  const rows: ListRow[] = [];
  const placed = new Set<string>();
  const actors = new Set<CombatantId>(view.turn?.actorIds ?? []);
  const membersOf = (groupId: string) => view.combatants.filter((c) => c.groupId === groupId);
  const pushGroup = (group: GroupView, slot: SlotView | null, current: boolean) => {
    const members = membersOf(group.id);
    placed.add(group.id);
    rows.push({ kind: 'group', key: `g:${group.id}`, group, slot, members, current });
    for (const c of members) {
      placed.add(c.id);
      rows.push({ kind: 'combatant', key: `c:${c.id}`, c, slot: null, current: current || actors.has(c.id), inGroup: true });
    }
  };
  for (const slot of view.order) {
    const current = view.turn?.slotId === slot.id;
    const unit = slot.unit;
    if (unit === null) {
      rows.push({ kind: 'open', key: `s:${slot.id}`, slot, current });
    } else if (unit.kind === 'group') {
      const group = view.groups.find((g) => g.id === unit.id);
      if (group && !placed.has(group.id)) pushGroup(group, slot, current);
    } else {
      const c = view.combatants.find((x) => x.id === unit.id);
      if (c && !placed.has(c.id)) {
        placed.add(c.id);
        rows.push({ kind: 'combatant', key: `c:${c.id}`, c, slot, current: current || actors.has(c.id), inGroup: false });
      }
    }
  }
  // The rest, as units (a group with its members): rolled ones by total (stable), then the others as added.
  type Rest = { readonly total: number | null; readonly add: () => void };
  const rest: Rest[] = [];
  const seenGroups = new Set<string>();
  for (const c of view.combatants) {
    if (placed.has(c.id)) continue;
    const group = c.groupId === null ? undefined : view.groups.find((g) => g.id === c.groupId);
    if (group) {
      if (seenGroups.has(group.id)) continue;
      seenGroups.add(group.id);
      rest.push({ total: total(group), add: () => pushGroup(group, null, false) });
      continue;
    }
    rest.push({
      total: total(c),
      add: () => rows.push({ kind: 'combatant', key: `c:${c.id}`, c, slot: null, current: actors.has(c.id), inGroup: false }),
    });
  }
  const rolled = rest.filter((r) => r.total !== null).sort((a, b) => (b.total ?? 0) - (a.total ?? 0));
  for (const r of [...rolled, ...rest.filter((x) => x.total === null)]) r.add();
  return rows;
}

/** The combatants' ids in the list's order: what ↑/↓ and a shift-click range walk through. */
export const selectableIds = (rows: readonly ListRow[]): CombatantId[] =>
  rows.flatMap((r) => (r.kind === 'combatant' ? [r.c.id] : []));

/** The row the list keeps in view for the current turn (the first acting one). */
export const currentKey = (rows: readonly ListRow[]): string | null => rows.find((r) => r.current)?.key ?? null;

/**
 * [issue 28] The combatant a name typed in the find box means: the first in the list whose name starts
 * with it, else the first that has it anywhere (case and accents aside), or null.
 */
export function findByName(rows: readonly ListRow[], typed: string): CombatantId | null {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const wanted = fold(typed);
  if (wanted === '') return null;
  const combatants = rows.flatMap((r) => (r.kind === 'combatant' ? [r.c] : []));
  const hit = combatants.find((c) => fold(c.name).startsWith(wanted)) ?? combatants.find((c) => fold(c.name).includes(wanted));
  return hit?.id ?? null;
}
