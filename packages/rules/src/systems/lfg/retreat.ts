// [LFG-26] [LFG-27] Party retreat: at the start of a round, if the whole party wants to flee and the
// GM accepts their plan, the party makes a group Luck check with the GM's modifiers. Success: everyone
// leaves, carrying the incapacitated. Failure: the GM may let the individually successful PCs go.
import type { CombatantId, RngState, Side } from '../../core/model.js';
import { groupCheckPasses, isSuccess, rollCheck } from './check.js';
import type { CheckResult, GreatSuccessRule, RetreatResult } from './types.js';

export interface RetreatMember {
  readonly id: CombatantId;
  readonly luck: number;
  /** Killed or incapacitated: does not roll, is carried on success. */
  readonly defeated: boolean;
}

/** [LFG-26] The window: a round has started and nobody has acted in it yet. */
export const retreatWindowOpen = (round: number, actedThisRound: readonly CombatantId[]): boolean =>
  round >= 1 && actedThisRound.length === 0;

/**
 * [LFG-24] [LFG-26] The party: the PCs still in the battle (standing or not), given who has left it
 * (fled, or broken). Reads only what a view shows too, so the pages count its dice with the same rule.
 */
export const partyInBattle = <C extends { readonly id: CombatantId; readonly side: Side }>(combatants: readonly C[], left: readonly CombatantId[]): readonly C[] =>
  combatants.filter((c) => c.side === 'pc' && !left.includes(c.id));

/** [LFG-24] [LFG-26] Who rolls the party's group Luck check: every member still standing. */
export const retreatRollers = <M extends Pick<RetreatMember, 'defeated'>>(party: readonly M[]): readonly M[] => party.filter((m) => !m.defeated);

/** [LFG-27] The verdict from each standing PC's Luck check. */
export function resolveRetreat(
  party: readonly RetreatMember[],
  rolls: readonly { readonly id: CombatantId; readonly outcome: CheckResult['outcome'] }[],
  gmPermitsIndividuals: boolean,
): RetreatResult {
  const all = party.map((m) => m.id);
  if (groupCheckPasses(rolls.map((r) => r.outcome))) return { groupOutcome: 'success', mayFlee: all, remaining: [] };
  const escaping = new Set(gmPermitsIndividuals ? rolls.filter((r) => isSuccess(r.outcome)).map((r) => r.id) : []);
  return {
    groupOutcome: 'failure',
    mayFlee: all.filter((id) => escaping.has(id)),
    remaining: all.filter((id) => !escaping.has(id)),
  };
}

/** [LFG-26] Rolls the standing PCs' Luck checks (Luck + the GM's modifier), in party order. */
export function rollRetreat(
  rng: RngState,
  party: readonly RetreatMember[],
  modifier: number,
  greatSuccess: GreatSuccessRule,
): { readonly rolls: readonly { readonly id: CombatantId; readonly result: CheckResult }[]; readonly rng: RngState } {
  let state = rng;
  const rolls: { id: CombatantId; result: CheckResult }[] = [];
  for (const m of retreatRollers(party)) {
    const rolled = rollCheck(state, { score: m.luck, modifier, greatSuccess });
    rolls.push({ id: m.id, result: rolled.result });
    state = rolled.rng;
  }
  return { rolls, rng: state };
}
