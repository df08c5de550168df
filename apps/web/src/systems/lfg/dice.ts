// Which d20s each lfg check of the GM's takes, one label per die in the order the rules read the faces,
// so a real-dice form asks for exactly those dice and says whose each one is. These mirror the rules
// (packages/rules/src/systems/lfg: planMoraleChecks, retreatRollers, finishThemCheck, triggerReady),
// which the pages cannot import (not exported, and the player bundle must stay small). Should they
// ever disagree, the rules refuse the count with a sentence the page shows.
import type { CombatantView, GroupView } from '@roundkeeper/rules';
import type { RollMode } from '../../lib/physical-dice.js';
import type { LfgExt } from './bands.js';

/** What these counts read of a view: narrow, so the unit tests build it in a line. */
type Fighter = Pick<CombatantView, 'id' | 'name' | 'side' | 'defeated' | 'groupId'>;
interface Roster {
  readonly combatants: readonly Fighter[];
  readonly groups: readonly Pick<GroupView, 'id' | 'name'>[];
}

/** [LFG-18] Morale scope as the console offers it; 'default' is the rules' default, one roll per kind. */
export type ScopeChoice = 'default' | 'kind' | 'group' | 'individual';

const NUMBERED_NAME = /\s+\d+$/;

/** [LFG-18] "Monsters of the same kind": the group's name, else the name without a trailing number. */
export function moraleKind(view: Roster, c: Fighter): string {
  const group = c.groupId === null ? undefined : view.groups.find((g) => g.id === c.groupId)?.name;
  return (group ?? c.name).replace(NUMBERED_NAME, '').trim().toLowerCase();
}

/**
 * [LFG-18] [LFG-19] [LFG-22] The dice of an immediate morale check for `ids`: one per kind (the first
 * member's Will stands for all), or one per NPC for a group or individual checks. PCs, the defeated
 * and the already broken do not roll.
 */
export function moraleDice(view: Roster, ext: Pick<LfgExt, 'broken'>, ids: readonly string[], scope: ScopeChoice): string[] {
  const checking = ids
    .map((id) => view.combatants.find((c) => c.id === id))
    .filter((c): c is Fighter => c !== undefined && c.side !== 'pc' && !c.defeated && !ext.broken.includes(c.id));
  if (scope === 'group' || scope === 'individual') return checking.map((c) => c.name);
  const kinds = new Map<string, Fighter[]>();
  for (const c of checking) {
    const kind = moraleKind(view, c);
    kinds.set(kind, [...(kinds.get(kind) ?? []), c]);
  }
  return [...kinds.values()].map((members) => (members.length > 1 ? `${members[0]!.name} (for ${members.length})` : members[0]!.name));
}

/** [LFG-24] [LFG-26] The party's group Luck checks: every PC still standing and still in the fight, in display order. */
export function partyDice(view: Roster, ext: Pick<LfgExt, 'fled'>): string[] {
  return view.combatants.filter((c) => c.side === 'pc' && !c.defeated && !ext.fled.includes(c.id)).map((c) => c.name);
}

/** [LFG-16] The readier's Initiative check (two d20s with a mode), then the trigger's d20 in a contest. */
export function readyDice(readier: string, mode: RollMode, contest: boolean): string[] {
  const own = mode === 'normal' ? [readier] : [`${readier} (1st)`, `${readier} (2nd)`];
  return contest ? [...own, 'the trigger'] : own;
}
