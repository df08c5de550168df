// [LFG-17]…[LFG-25] Morale: a roll-under Will check decides whether NPCs keep fighting. The GM calls
// it (the engine only suggests triggers), sets its scope and modifier, and it is rolled at the end of
// the round unless the GM says now. Broken NPCs flee; a PC may try to rally broken allies.
import type { CheckOutcome, CombatantId, RngState, Side } from '../../core/model.js';
import { groupCheckPasses, isSuccess, rollCheck } from './check.js';
import type {
  CheckResult,
  GreatSuccessRule,
  MoraleCandidate,
  MoraleCheckPlan,
  MoraleScope,
  MoraleTrigger,
  PendingMorale,
  RallyResult,
} from './types.js';

/** [LFG-19] Hirelings and pets (side 'npc') and enemies check morale; PCs never do. */
export const subjectToMorale = (side: Side): boolean => side !== 'pc';

const NUMBERED_NAME = /\s+\d+$/;

/** [LFG-18] "Monsters of the same kind": a group's name, else the name without a trailing number. */
export const moraleKind = (name: string, groupName?: string): string =>
  (groupName ?? name).replace(NUMBERED_NAME, '').trim().toLowerCase();

/** [LFG-18] [LFG-19] The checks to roll for `candidates` (one side's NPCs) under `scope`. */
export function planMoraleChecks(candidates: readonly MoraleCandidate[], scope: MoraleScope): readonly MoraleCheckPlan[] {
  const checking = candidates.filter((c) => subjectToMorale(c.side) && !c.defeated && !c.broken);
  if (checking.length === 0) return [];
  switch (scope) {
    case 'kind': {
      const byKind = new Map<string, MoraleCandidate[]>();
      for (const c of checking) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
      return [...byKind.values()].map((members) => single(members));
    }
    case 'group':
      return [{ mode: 'group', members: checking.map((c) => c.id), rollers: checking.map((c) => ({ id: c.id, will: c.will })) }];
    case 'individual':
      return checking.map((c) => single([c]));
    default: {
      const _exhaustive: never = scope;
      return _exhaustive;
    }
  }
}

/** One roll for identical creatures: the first member's Will stands for all. */
function single(members: readonly MoraleCandidate[]): MoraleCheckPlan {
  const first = members[0];
  return {
    mode: 'single',
    members: members.map((m) => m.id),
    rollers: first ? [{ id: first.id, will: first.will }] : [],
  };
}

/** What [LFG-20] needs to know about an NPC group to suggest a check. */
export interface MoraleGroupMember {
  readonly id: CombatantId;
  readonly defeated: boolean;
  readonly leader: boolean;
}

/**
 * [LFG-20] The triggers that `newlyDefeated` (killed or incapacitated just now) set off in `group`:
 * its leader went down, or half the group is now down and was not before. Intimidating sorcery is
 * the GM's to declare. These are suggestions: the GM still decides whether to call a check.
 */
export function suggestMoraleTriggers(
  group: readonly MoraleGroupMember[],
  newlyDefeated: readonly CombatantId[],
): readonly MoraleTrigger[] {
  const fresh = new Set(newlyDefeated);
  const triggers: MoraleTrigger[] = [];
  if (group.some((m) => m.leader && m.defeated && fresh.has(m.id))) triggers.push('leader-down');
  const downNow = group.filter((m) => m.defeated).length;
  const downBefore = group.filter((m) => m.defeated && !fresh.has(m.id)).length;
  if (group.length > 0 && downNow * 2 >= group.length && downBefore * 2 < group.length) triggers.push('half-down');
  return triggers;
}

/** [LFG-22] Splits called checks into those due at `moment` and those still waiting. */
export function dueMorale(
  pending: readonly PendingMorale[],
  moment: 'now' | 'end-of-round',
): { readonly due: readonly PendingMorale[]; readonly waiting: readonly PendingMorale[] } {
  // An immediate check missed for any reason is still rolled at the end of the round at the latest.
  const isDue = (p: PendingMorale): boolean => moment === 'end-of-round' || p.timing === 'immediate';
  return { due: pending.filter(isDue), waiting: pending.filter((p) => !isDue(p)) };
}

export interface MoraleResolution {
  readonly held: readonly CombatantId[];
  /** [LFG-23] These flee at once. */
  readonly broken: readonly CombatantId[];
}

/** [LFG-17] [LFG-4] One plan's verdict from its rolls (one per roller, in order). */
export function resolveMoralePlan(plan: MoraleCheckPlan, outcomes: readonly CheckOutcome[]): MoraleResolution {
  const holds = plan.mode === 'group' ? groupCheckPasses(outcomes) : outcomes.length > 0 && outcomes.every(isSuccess);
  return holds ? { held: plan.members, broken: [] } : { held: [], broken: plan.members };
}

/** [LFG-17] [LFG-21] Rolls a plan's checks against Will + the GM's modifier. */
export function rollMoralePlan(
  rng: RngState,
  plan: MoraleCheckPlan,
  modifier: number,
  greatSuccess: GreatSuccessRule,
): { readonly results: readonly CheckResult[]; readonly resolution: MoraleResolution; readonly rng: RngState } {
  let state = rng;
  const results: CheckResult[] = [];
  for (const roller of plan.rollers) {
    const rolled = rollCheck(state, { score: roller.will, modifier, greatSuccess });
    results.push(rolled.result);
    state = rolled.rng;
  }
  return { results, resolution: resolveMoralePlan(plan, results.map((r) => r.outcome)), rng: state };
}

/** [LFG-25] Only broken NPC allies (hirelings, pets) can be rallied by a PC. */
export const canBeRallied = (c: Pick<MoraleCandidate, 'side' | 'broken' | 'defeated'>): boolean =>
  c.side === 'npc' && c.broken && !c.defeated;

/** [LFG-25] The rallying PC's Cha (Leadership) check: Great Success rallies, success earns another morale check. */
export function rallyResult(chaCheck: CheckOutcome): RallyResult {
  switch (chaCheck) {
    case 'critical-success':
      return 'rallied';
    case 'success':
      return 'recheck';
    case 'failure':
    case 'critical-failure':
      return 'not-rallied';
    default: {
      const _exhaustive: never = chaCheck;
      return _exhaustive;
    }
  }
}

/** [LFG-24] Finish Them!: the party's group Luck (Str or Perc) check slays or captures the fleeing foes. */
export const finishThem = (luckOutcomes: readonly CheckOutcome[]): boolean => groupCheckPasses(luckOutcomes);
