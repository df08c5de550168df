import type { CombatantView, EncounterView, InitiativeRoll, Side, UnitRef } from '@roundkeeper/rules';

/** What rolls initiative and takes a turn: a lone combatant, or a group sharing one roll. */
export interface Unit {
  readonly ref: UnitRef;
  /** Stable key for keyed lists. */
  readonly key: string;
  readonly label: string;
  readonly side: Side;
  readonly initiative: InitiativeRoll | null;
  readonly members: readonly CombatantView[];
  readonly hidden: boolean;
  readonly mine: boolean;
}

export const refKey = (ref: UnitRef): string => `${ref.kind}:${ref.id}`;

export function unitsOf(view: EncounterView): Unit[] {
  const units: Unit[] = [];
  for (const group of view.groups) {
    const members = view.combatants.filter((c) => c.groupId === group.id);
    const ref: UnitRef = { kind: 'group', id: group.id };
    units.push({
      ref,
      key: refKey(ref),
      label: `${group.name} ×${members.length}`,
      side: group.side,
      initiative: group.initiative,
      members,
      hidden: members.length > 0 && members.every((m) => m.hidden),
      mine: members.some((m) => m.mine),
    });
  }
  for (const c of view.combatants) {
    if (c.groupId !== null) continue;
    const ref: UnitRef = { kind: 'combatant', id: c.id };
    units.push({ ref, key: refKey(ref), label: c.name, side: c.side, initiative: c.initiative, members: [c], hidden: c.hidden, mine: c.mine });
  }
  return units;
}

export const SIDE_LABELS: Readonly<Record<Side, string>> = { pc: 'PC', enemy: 'Enemy', npc: 'NPC' };

/** "d20 14 + 2 = 16", with both faces under advantage or disadvantage. */
export function describeRoll(roll: InitiativeRoll): string {
  const faces = roll.dice.map((d) => d.face).join(' / ');
  const mode = roll.mode === 'normal' ? '' : ` (${roll.mode})`;
  const sign = roll.modifier < 0 ? '−' : '+';
  return `d20 ${faces}${mode} ${sign} ${Math.abs(roll.modifier)} = ${roll.total}`;
}
