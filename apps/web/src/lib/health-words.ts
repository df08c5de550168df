// Health in words and numbers for every page: a state's label, the numbers as a line, how full a bar is.
// Types only from the rules: the player and overlay bundles carry no rules code. The labels are the
// catalogue's (`health.states` of each system); health-words.test.ts fails when one of them differs.
import type { GroupView, CombatantView, Health, HealthView } from '@roundkeeper/rules';

/** Every state id a system may give, with the label its catalogue gives it. */
export const HEALTH_STATE_LABELS: Readonly<Record<string, string>> = {
  unhurt: 'Unhurt',
  hurt: 'Hurt',
  bloodied: 'Bloodied',
  'well-bloodied': 'Well-Bloodied',
  'deaths-door': "Death's Door",
  dying: 'Dying',
  stable: 'Stable',
  dead: 'Dead',
  down: 'Down',
  incapacitated: 'Incapacitated',
};

export const stateLabel = (id: string): string => HEALTH_STATE_LABELS[id] ?? id.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** How bad a state is, for its colour: fine, hurt, badly hurt, out of the fight. */
export type HealthTone = 'fine' | 'hurt' | 'bad' | 'out';

const TONES: Readonly<Record<string, HealthTone>> = {
  unhurt: 'fine',
  hurt: 'hurt',
  bloodied: 'bad',
  'well-bloodied': 'bad',
  'deaths-door': 'out',
  dying: 'out',
  stable: 'out',
  dead: 'out',
  down: 'out',
  incapacitated: 'out',
};

export const stateTone = (id: string): HealthTone => TONES[id] ?? 'hurt';

/**
 * "14/20 HP", "14/20 HP +5 temp", "3/12 wounds · 2/10 strain"; a pool shared by `members` (ENG-31:
 * one threshold's worth each) reads "6/15 wounds (5 each)".
 */
export function healthNumbers(health: Health, members = 1): string {
  if (health.kind === 'wounds' && members > 1) return `${health.wounds}/${health.threshold * members} wounds (${health.threshold} each)`;
  switch (health.kind) {
    case 'hit-points':
      return `${health.current}/${health.max} HP${health.temp > 0 ? ` +${health.temp} temp` : ''}`;
    case 'wounds': {
      const strain = health.strainThreshold === null ? '' : ` · ${health.strain}/${health.strainThreshold} strain`;
      return `${health.wounds}/${health.threshold} wounds${strain}`;
    }
    default: {
      const _exhaustive: never = health;
      return _exhaustive;
    }
  }
}

/** What is left, from 0 (down) to 1 (unhurt): hit points left, or the wound threshold not yet taken. */
export function healthLeft(health: Health, members = 1): number {
  const ratio =
    health.kind === 'hit-points' ? health.current / Math.max(1, health.max) : 1 - health.wounds / Math.max(1, health.threshold * members);
  return Math.min(1, Math.max(0, ratio));
}

/** The health a row or slot shows: the combatant's own, else its pooled group's (genesys minions). */
export function healthOf(c: Pick<CombatantView, 'health' | 'groupId'>, groups: readonly Pick<GroupView, 'id' | 'health'>[]): HealthView | undefined {
  if (c.health) return c.health;
  return c.groupId === null ? undefined : groups.find((g) => g.id === c.groupId)?.health;
}

/** How many share the health `healthOf` gives `c`: its group's size for a pool, else 1. */
export function sharedBy(c: Pick<CombatantView, 'health' | 'groupId'>, combatants: readonly Pick<CombatantView, 'groupId'>[]): number {
  return c.health || c.groupId === null ? 1 : combatants.filter((o) => o.groupId === c.groupId).length;
}

/** One line for a screen reader or a compact cell: "Bloodied, 6/14 HP" or "Bloodied". */
export function healthText(view: HealthView): string {
  return view.shown === 'numbers' ? `${stateLabel(view.state)}, ${healthNumbers(view.health)}` : stateLabel(view.state);
}
