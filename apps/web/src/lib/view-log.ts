import type { CombatantView, EncounterView, Phase } from '@roundkeeper/rules';
import { conditionsOf, resourcesOf } from './combatant-extras.js';
import { describeRoll, slotLabel, unitsOf } from './units.js';

/**
 * What changed between two views, as lines a person reads in the GM's log. The views are complete
 * snapshots, so comparing them sees every change the GM may see (an undo too: it reads as the
 * changes it reverts), and a resync after a reconnect reads as the sum of what was missed.
 */
export type LogKind = 'roll' | 'turn' | 'round' | 'roster' | 'phase' | 'condition' | 'dice';

export interface LogLine {
  readonly kind: LogKind;
  readonly text: string;
}

const PHASE_LINES: Readonly<Record<Phase, string>> = {
  setup: 'Back to setup',
  initiative: 'Initiative opened',
  active: 'Combat started',
  ended: 'Encounter ended',
};

export function describeChanges(prev: EncounterView | null, next: EncounterView): LogLine[] {
  if (!prev) return [];
  const lines: LogLine[] = [];
  if (prev.phase !== next.phase) lines.push({ kind: 'phase', text: PHASE_LINES[next.phase] });
  lines.push(...rosterChanges(prev, next), ...rollChanges(prev, next), ...conditionChanges(prev, next));
  if (next.round !== prev.round && next.phase === 'active') lines.push({ kind: 'round', text: `Round ${next.round}` });
  const turnChanged = prev.turn?.slotId !== next.turn?.slotId || prev.round !== next.round;
  if (turnChanged && next.turn) {
    const slot = next.order.find((s) => s.id === next.turn?.slotId);
    const actors = next.turn.actorIds.map((id) => nameOf(next, id)).join(', ');
    // An open slot (filled by whoever claims it) says who took it; a fixed one is its unit.
    lines.push({ kind: 'turn', text: `Turn: ${slot ? slotLabel(slot) : '?'}${slot?.unit || !actors ? '' : ` (${actors})`}` });
  }
  if (next.seed && !prev.seed) lines.push({ kind: 'dice', text: `Dice seed revealed: ${next.seed}` });
  return lines;
}

const nameOf = (view: EncounterView, id: string) => view.combatants.find((c) => c.id === id)?.name ?? id;

function rosterChanges(prev: EncounterView, next: EncounterView): LogLine[] {
  const lines: LogLine[] = [];
  const before = new Map(prev.combatants.map((c) => [c.id, c]));
  const after = new Set(next.combatants.map((c) => c.id));
  for (const c of next.combatants) {
    const old = before.get(c.id);
    if (!old) {
      lines.push({ kind: 'roster', text: `Added ${c.name}${c.hidden ? ' (hidden)' : ''}` });
      continue;
    }
    if (old.hidden !== c.hidden) lines.push({ kind: 'roster', text: `${c.name} ${c.hidden ? 'hidden' : 'revealed'}` });
    if (old.defeated !== c.defeated) lines.push({ kind: 'roster', text: `${c.name} ${c.defeated ? 'defeated' : 'back in the fight'}` });
    lines.push(...resourceChanges(old, c));
  }
  for (const c of prev.combatants) if (!after.has(c.id)) lines.push({ kind: 'roster', text: `Removed ${c.name}` });
  return lines;
}

function resourceChanges(old: CombatantView, c: CombatantView): LogLine[] {
  const before = new Map(resourcesOf(old));
  return resourcesOf(c)
    .filter(([name, r]) => before.get(name)?.current !== r.current || before.get(name)?.max !== r.max)
    .map(([name, r]) => ({ kind: 'roster', text: `${c.name}: ${name} ${before.get(name)?.current ?? '–'} → ${r.current}/${r.max}` }));
}

function rollChanges(prev: EncounterView, next: EncounterView): LogLine[] {
  const before = new Map(unitsOf(prev).map((u) => [u.key, u.initiative]));
  const lines: LogLine[] = [];
  for (const unit of unitsOf(next)) {
    const old = before.get(unit.key) ?? null;
    if (unit.initiative && JSON.stringify(unit.initiative) !== JSON.stringify(old)) {
      const physical = unit.initiative.source === 'physical' ? ', real dice' : '';
      lines.push({ kind: 'roll', text: `${unit.label} rolled ${unit.initiative.total}: ${describeRoll(unit.initiative, next.system)}${physical}` });
    } else if (!unit.initiative && old) {
      lines.push({ kind: 'roll', text: `${unit.label}: initiative cleared` });
    }
  }
  return lines;
}

function conditionChanges(prev: EncounterView, next: EncounterView): LogLine[] {
  const lines: LogLine[] = [];
  const before = new Map(prev.combatants.map((c) => [c.id, conditionsOf(c)]));
  for (const c of next.combatants) {
    const old = before.get(c.id) ?? [];
    const now = conditionsOf(c);
    for (const k of now) if (!old.some((o) => o.id === k.id)) lines.push({ kind: 'condition', text: `${c.name}: ${k.name}` });
    for (const o of old) if (!now.some((k) => k.id === o.id)) lines.push({ kind: 'condition', text: `${c.name}: ${o.name} ended` });
  }
  return lines;
}
