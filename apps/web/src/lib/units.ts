import type { CheckOutcome, CombatantView, EncounterView, InitiativeRoll, Side, SlotView, UnitRef } from '@roundkeeper/rules';

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

const OUTCOME_WORDS: Readonly<Record<CheckOutcome, string>> = {
  'critical-success': 'critical success',
  success: 'success',
  failure: 'failure',
  'critical-failure': 'critical failure',
};

/** A roll's named detail in the systems' words: dc20's "ADV 1", uesrpg's "Luck bonus +5". */
function detailWords(key: string, value: number): string {
  switch (key) {
    case 'netAdvantage':
      return value > 0 ? `ADV ${value}` : value < 0 ? `DisADV ${-value}` : '';
    case 'luckBonus':
      return `Luck bonus ${value < 0 ? '−' : '+'}${Math.abs(value)}`;
    case 'surprised':
      return value ? 'surprised' : '';
    default:
      return `${key.replace(/([A-Z])/g, ' $1').toLowerCase()} ${value}`;
  }
}

/**
 * "d20 14 + 2 = 16", with both faces under advantage or disadvantage, the outcome against a target
 * number (dc20, lfg) and any named detail. A system with symbol dice (genesys) tells its own: the pages
 * ask `describeSystemRoll` (systems/basics.ts), which falls back on this.
 */
export function describeRoll(roll: InitiativeRoll): string {
  const sides = [...new Set(roll.dice.map((d) => d.sides))];
  const faces = roll.dice.length > 0 ? `${sides.map((n) => `d${n}`).join('+')} ${roll.dice.map((d) => d.face).join(' / ')}` : 'no dice';
  const mode = roll.mode === 'normal' ? '' : ` (${roll.mode})`;
  const sign = roll.modifier < 0 ? '−' : '+';
  const outcome = roll.outcome ? `, ${OUTCOME_WORDS[roll.outcome]}` : '';
  const detail = roll.detail ? Object.entries(roll.detail).map(([k, v]) => detailWords(k, v)).filter(Boolean).join(', ') : '';
  return `${faces}${mode} ${sign} ${Math.abs(roll.modifier)} = ${roll.total}${outcome}${detail ? ` (${detail})` : ''}`;
}

/** A slot's name: its unit's, or "PC slot" / "NPC slot" while it is open. */
export const slotLabel = (slot: SlotView): string => (slot.unit ? slot.label : `${SIDE_LABELS[slot.side]} slot`);

/** Who has taken an open slot while its turn is on ("Aria & Borin"), or '' (fixed slots name their unit already). */
export function openSlotActors(view: EncounterView, slot: SlotView): string {
  if (slot.unit || view.turn?.slotId !== slot.id) return '';
  const ids = view.turn.actorIds;
  return view.combatants.filter((c) => ids.includes(c.id)).map((c) => c.name).join(' & ');
}

/**
 * Who acts in the current turn as this audience sees it: the actors' names, else the slot's name. A
 * group whose members take their turns one by one (UES-35) names the member acting.
 */
export function turnLabel(view: EncounterView): string | null {
  const waiting = view.turn ? undefined : view.pending.find((p) => p.kind === 'fill-slot')?.slotId;
  const slot = view.order.find((s) => s.id === (view.turn?.slotId ?? waiting));
  if (!slot) return null;
  const actors = view.combatants.filter((c) => view.turn?.actorIds.includes(c.id));
  const oneOfGroup = slot.unit?.kind === 'group' && actors.length === 1;
  if ((slot.unit && !oneOfGroup) || actors.length === 0) return slotLabel(slot);
  return actors.map((c) => c.name).join(' & ');
}
