// Which d20s each lfg check of the GM's takes, one label per die in the order the rules read the faces,
// so a real-dice form asks for exactly those dice and says whose each one is. Who rolls is the rules'
// own answer (`@roundkeeper/rules/systems/lfg`: the morale plans, the party, a check's dice); here only
// the labels are the page's.
import type { CombatantView, GroupView, RollMode } from '@roundkeeper/rules';
import { checkDice, moraleKind, partyInBattle, planMoraleChecks, retreatRollers, type MoraleCandidate } from '@roundkeeper/rules/systems/lfg';
import type { LfgExt } from './bands.js';

/** What these counts read of a view: narrow, so the unit tests build it in a line. */
type Fighter = Pick<CombatantView, 'id' | 'name' | 'side' | 'defeated' | 'groupId'>;
interface Roster {
  readonly combatants: readonly Fighter[];
  readonly groups: readonly Pick<GroupView, 'id' | 'name'>[];
}

/** [LFG-18] Morale scope as the console offers it; 'default' is the rules' default, one roll per kind. */
export type ScopeChoice = 'default' | 'kind' | 'group' | 'individual';

/**
 * [LFG-18] [LFG-19] [LFG-22] The dice of an immediate morale check for `ids`, as the rules plan it: one
 * per kind (its first member rolls for all), or one per NPC for a group or individual checks.
 */
export function moraleDice(view: Roster, ext: Pick<LfgExt, 'broken'>, ids: readonly string[], scope: ScopeChoice): string[] {
  const fighters = new Map(view.combatants.map((c) => [c.id, c]));
  const candidates = ids.flatMap((id): MoraleCandidate[] => {
    const c = fighters.get(id);
    if (!c) return [];
    const group = c.groupId === null ? undefined : view.groups.find((g) => g.id === c.groupId)?.name;
    // The Will a roll is made against does not change how many dice it takes: the plan's count is all this needs.
    return [{ id, side: c.side, kind: moraleKind(c.name, group), will: 0, defeated: c.defeated, broken: ext.broken.includes(id) }];
  });
  const name = (id: string) => fighters.get(id)?.name ?? id;
  return planMoraleChecks(candidates, scope === 'default' ? 'kind' : scope).flatMap((plan) =>
    plan.mode === 'single' && plan.members.length > 1 ? [`${name(plan.members[0] ?? '')} (for ${plan.members.length})`] : plan.rollers.map((r) => name(r.id)),
  );
}

/** [LFG-24] [LFG-26] The party's group Luck checks: every PC still standing and still in the fight, in display order. */
export function partyDice(view: Roster, ext: Pick<LfgExt, 'broken' | 'fled'>): string[] {
  return retreatRollers(partyInBattle(view.combatants, [...ext.broken, ...ext.fled])).map((c) => c.name);
}

/** [LFG-16] The readier's Initiative check (two d20s with a mode), then the trigger's d20 in a contest. */
export function readyDice(readier: string, mode: RollMode, contest: boolean): string[] {
  const own = checkDice(mode).count === 1 ? [readier] : [`${readier} (1st)`, `${readier} (2nd)`];
  return contest ? [...own, 'the trigger'] : own;
}
