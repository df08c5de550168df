// [LFG-17]…[LFG-25] Morale in play: the engine suggests checks when a leader or half a group goes
// down, the GM calls them (scope, modifier, now or at the end of the round), broken NPCs leave the
// fight, a PC may rally broken allies, and the party may try to finish fleeing foes.
import type { Actor, Command } from '../../core/commands.js';
import { accept, refuse, requireCommandPhase, type DecideContext } from '../../core/decide/context.js';
import type { EncounterEvent } from '../../core/events.js';
import { applyLfg } from './evolve.js';
import type { Combatant, CombatantId, EncounterState, RngState } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant, findGroup } from '../../core/units.js';
import type { RuleViolation } from '../../core/violations.js';
import { scoreCheck } from './check.js';
import { drawD20s, isViolation, scoreChecks, type Drawn } from './draws.js';
import { economyOn, spendOf, turnUse } from './economy.js';
import { greatSuccessRule, inFight, leftTheBattle, stat } from './lookup.js';
import { lfgExt } from './state.js';
import {
  canBeRallied,
  finishThem,
  moraleKind,
  planMoraleChecks,
  rallyResult,
  resolveMoralePlan,
  subjectToMorale,
  suggestMoraleTriggers,
} from './morale.js';
import { LFG_STATS } from './stats.js';
import type { MoraleVerdict, NamedCheck } from './state.js';
import { MORALE_SCOPES, MORALE_TRIGGERS, type MoraleCandidate, type MoraleScope, type MoraleTrigger } from './types.js';
import { LFG_VIOLATIONS } from './violations.js';
import { mintId } from '../../core/ids.js';
import { partyInBattle, retreatRollers } from './retreat.js';

/** The largest modifier the GM may add to a check's score. */
export const MAX_CHECK_MODIFIER = 20;

const badModifier = (m: number | undefined): boolean =>
  m !== undefined && (!Number.isInteger(m) || Math.abs(m) > MAX_CHECK_MODIFIER);
const MODIFIER_SENTENCE = `A modifier is a whole number from -${MAX_CHECK_MODIFIER} to ${MAX_CHECK_MODIFIER}.`;

function kindOf(state: EncounterState, id: CombatantId): string {
  const c = findCombatant(state, id);
  const group = c?.groupId ? findGroup(state, c.groupId)?.name : undefined;
  return moraleKind(c?.name ?? id, group);
}

/**
 * [LFG-20] How many of the fallen's fellows are down, for the words of a suggestion ("half of the
 * Goblins: 1 of 2", not "half of them" with 1 of 6 enemies down): the members' kind for a half-down
 * suggestion, their whole side for a leader's.
 */
export function moraleTally(state: EncounterState, members: readonly CombatantId[], byKind: boolean): { readonly down: number; readonly of: number } {
  const first = members[0] === undefined ? undefined : findCombatant(state, members[0]);
  if (!first) return { down: 0, of: 0 };
  const kind = kindOf(state, first.id);
  const fellows = state.combatants.filter((c) => c.side === first.side && (!byKind || kindOf(state, c.id) === kind));
  return { down: fellows.filter((c) => c.defeated).length, of: fellows.length };
}

function candidate(state: EncounterState, id: CombatantId, broken?: boolean): MoraleCandidate | undefined {
  const c = findCombatant(state, id);
  if (!c) return undefined;
  return {
    id,
    side: c.side,
    kind: kindOf(state, id),
    will: stat(c, LFG_STATS.will),
    defeated: c.defeated,
    broken: broken ?? lfgExt(state).broken.includes(id),
  };
}

/** The dice of each plan: one server draw per plan (threading the generator), or slices of the faces entered. */
function drawPerPlan(state: EncounterState, actor: Actor, counts: readonly number[], entered: readonly number[] | undefined): readonly Drawn[] | RuleViolation {
  if (entered !== undefined) {
    const all = drawD20s(state, actor, counts.reduce((n, c) => n + c, 0), entered);
    if (isViolation(all)) return all;
    let at = 0;
    return counts.map((n) => {
      const dice = all.dice.slice(at, at + n);
      at += n;
      return { ...all, dice };
    });
  }
  const draws: Drawn[] = [];
  let rng: RngState = state.dice.rng;
  for (const n of counts) {
    const drawn = drawD20s({ ...state, dice: { ...state.dice, rng } }, actor, n, undefined);
    if (isViolation(drawn)) return drawn;
    draws.push(drawn);
    rng = drawn.rng;
  }
  return draws;
}

/** [LFG-17] [LFG-18] Rolls every plan for `members`; one event per plan, each with its own dice. */
function moraleEvents(
  state: EncounterState,
  actor: Actor,
  members: readonly MoraleCandidate[],
  scope: MoraleScope,
  modifier: number,
  trigger: MoraleTrigger,
  ids: { readonly checkId: string | null; readonly suggestionId: string | null },
  entered: readonly number[] | undefined,
): readonly EncounterEvent[] | RuleViolation {
  const plans = planMoraleChecks(members, scope);
  const greatSuccess = greatSuccessRule(state);
  const draws = drawPerPlan(state, actor, plans.map((p) => p.rollers.length), entered);
  if ('code' in draws) return draws;
  return plans.map((plan, i): EncounterEvent => {
    const drawn = draws[i] ?? { dice: [], rng: state.dice.rng, source: 'server' };
    const results = scoreChecks(drawn.dice, plan.rollers.map((r) => ({ score: r.will, modifier, greatSuccess })));
    const rolls: NamedCheck[] = plan.rollers.flatMap((r, k) => {
      const result = results[k];
      return result ? [{ id: r.id, result }] : [];
    });
    const resolution = resolveMoralePlan(plan, results.map((r) => r.outcome));
    const verdict: MoraleVerdict = { round: state.round, trigger, rolls, held: resolution.held, broken: resolution.broken };
    return {
      type: 'lfg-morale-rolled',
      checkId: i === 0 ? ids.checkId : null,
      suggestionId: i === 0 ? ids.suggestionId : null,
      verdict,
      ...drawn,
    };
  });
}

type CallMorale = Extract<Command, { type: 'lfg-call-morale' }>;

/** [LFG-17] [LFG-18] [LFG-20] [LFG-21] [LFG-22] 'lfg-call-morale' (GM). */
export function callMorale(ctx: DecideContext, command: CallMorale): Decision {
  const { state } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-call-morale', 'call for a morale check');
  if (wrong) return wrong;
  const scope = command.scope ?? 'kind';
  const trigger = command.trigger ?? 'gm';
  const timing = command.timing ?? 'end-of-round';
  if (!MORALE_SCOPES.includes(scope) || !MORALE_TRIGGERS.includes(trigger) || !['end-of-round', 'immediate'].includes(timing)) {
    return refuse('invalid-command', 'That morale check does not fit: scope kind, group or individual; now or at the end of the round.');
  }
  if (badModifier(command.modifier)) return refuse('invalid-command', MODIFIER_SENTENCE);
  const suggestionId = command.suggestionId ?? null;
  if (suggestionId !== null && !lfgExt(state).suggestions.some((s) => s.id === suggestionId)) return refuse('lfg-unknown-suggestion', LFG_VIOLATIONS['lfg-unknown-suggestion']);
  if (new Set(command.combatantIds).size !== command.combatantIds.length) return refuse('invalid-command', 'Name each combatant once.');
  const members: MoraleCandidate[] = [];
  for (const id of command.combatantIds) {
    const c = candidate(state, id);
    if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (c.side === 'pc') return refuse('lfg-no-morale-subject', 'PCs never check morale.');
    members.push(c);
  }
  if (planMoraleChecks(members, scope).length === 0) return refuse('lfg-no-morale-subject', 'Everyone named is down or has already fled.');
  if (timing === 'immediate') {
    const events = moraleEvents(state, ctx.actor, members, scope, command.modifier ?? 0, trigger, { checkId: null, suggestionId }, command.faces);
    return 'code' in events ? { ok: false, violation: events } : accept(events);
  }
  if (command.faces !== undefined) return refuse('invalid-command', 'Dice for a check at the end of the round are rolled then, not now.');
  const check = { id: mintId(state, 'm', state.nextId), members: members.map((m) => m.id), scope, trigger, modifier: command.modifier ?? 0 };
  return accept([{ type: 'lfg-morale-called', check, suggestionId }]);
}

/** [LFG-22] onRoundEnd: every check called for the end of the round is rolled now, by the server. */
export function rollDueMorale(state: EncounterState): readonly EncounterEvent[] {
  const events: EncounterEvent[] = [];
  let s = state;
  for (const called of lfgExt(state).calledMorale) {
    const members = called.members.flatMap((id) => candidate(s, id) ?? []);
    const rolled = moraleEvents(s, { role: 'gm' }, members, called.scope, called.modifier, called.trigger, { checkId: called.id, suggestionId: null }, undefined);
    if ('code' in rolled) continue;
    // A check whose members are all down or gone has no roll: it is settled without one.
    const settled: readonly EncounterEvent[] = rolled.length > 0 ? rolled : [emptyVerdict(s, called.id, called.trigger)];
    events.push(...settled);
    s = settled.reduce(applyLfg, s);
  }
  return events;
}

const emptyVerdict = (state: EncounterState, checkId: string, trigger: MoraleTrigger): EncounterEvent => ({
  type: 'lfg-morale-rolled',
  checkId,
  suggestionId: null,
  verdict: { round: state.round, trigger, rolls: [], held: [], broken: [] },
  dice: [],
  rng: state.dice.rng,
  source: 'server',
});

/**
 * [LFG-20] [ENG-30] The `onDefeated` hook: combatants just went down in combat, by the GM's
 * 'set-defeated' or by damage alike. A leader down suggests a check for its whole side; half of a kind
 * down, for that kind. Decision: a leader leads its whole side; "half of the NPC group" counts
 * monsters of one kind. One suggestion per side whose leader fell, else one per kind that reached half.
 */
export function suggestMorale(state: EncounterState, combatantIds: readonly CombatantId[]): readonly EncounterEvent[] {
  if (state.phase !== 'active') return [];
  const fallen = combatantIds.flatMap((id) => findCombatant(state, id) ?? []).filter((c) => subjectToMorale(c.side));
  const member = (x: Combatant) => ({ id: x.id, defeated: x.defeated, leader: stat(x, LFG_STATS.leader, 0) === 1 });
  const events: EncounterEvent[] = [];
  for (const side of [...new Set(fallen.map((c) => c.side))]) {
    const ofSide = state.combatants.filter((x) => x.side === side);
    const leaderDown = suggestMoraleTriggers(ofSide.map(member), combatantIds).includes('leader-down');
    const kinds = [...new Set(fallen.filter((c) => c.side === side).map((c) => kindOf(state, c.id)))];
    const halfKinds = kinds.filter((kind) => {
      const kin = ofSide.filter((x) => kindOf(state, x.id) === kind);
      return suggestMoraleTriggers(kin.map(member), combatantIds).includes('half-down');
    });
    const standing = (xs: readonly Combatant[]) => xs.map((x) => x.id).filter((id) => inFight(state, id));
    const suggestions: { triggers: MoraleTrigger[]; members: CombatantId[] }[] = leaderDown
      ? [{ triggers: ['leader-down', ...(halfKinds.length > 0 ? (['half-down'] as const) : [])], members: standing(ofSide) }]
      : halfKinds.map((kind) => ({ triggers: ['half-down'], members: standing(ofSide.filter((x) => kindOf(state, x.id) === kind)) }));
    for (const { triggers, members } of suggestions) {
      if (members.length === 0) continue;
      // Each suggestion takes the next id, as evolving it advances `nextId`.
      events.push({ type: 'lfg-morale-suggested', suggestion: { id: mintId(state, 'm', state.nextId + events.length), triggers, members } });
    }
  }
  return events;
}

export function dismissMorale(ctx: DecideContext, suggestionId: string): Decision {
  const wrong = requireCommandPhase(ctx, 'lfg-dismiss-morale', 'dismiss a morale suggestion');
  if (wrong) return wrong;
  if (!lfgExt(ctx.state).suggestions.some((s) => s.id === suggestionId)) return refuse('lfg-unknown-suggestion', LFG_VIOLATIONS['lfg-unknown-suggestion']);
  return accept([{ type: 'lfg-morale-dismissed', suggestionId }]);
}

/** [LFG-17] [LFG-23] 'lfg-break-morale' (GM): these NPCs abandon the battle without a check. */
export function breakMorale(ctx: DecideContext, combatantIds: readonly CombatantId[], suggestionId: string | undefined): Decision {
  const { state } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-break-morale', 'break morale');
  if (wrong) return wrong;
  if (suggestionId !== undefined && !lfgExt(state).suggestions.some((s) => s.id === suggestionId)) return refuse('lfg-unknown-suggestion', LFG_VIOLATIONS['lfg-unknown-suggestion']);
  for (const id of combatantIds) {
    const c = findCombatant(state, id);
    if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (c.side === 'pc') return refuse('lfg-no-morale-subject', 'PCs never check morale: they leave by retreating.');
  }
  const fresh = combatantIds.filter((id) => !lfgExt(state).broken.includes(id));
  if (fresh.length === 0) return refuse('lfg-no-morale-subject', 'Their morale is already broken.');
  return accept([{ type: 'lfg-morale-broken', combatantIds: fresh, suggestionId: suggestionId ?? null }]);
}

type Rally = Extract<Command, { type: 'lfg-rally' }>;

/** [LFG-25] 'lfg-rally' (GM, at their option): a PC's Cha (Leadership) check; success earns another morale check, at once. */
export function rally(ctx: DecideContext, command: Rally): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-rally', 'rally allies');
  if (wrong) return wrong;
  if (badModifier(command.modifier)) return refuse('invalid-command', MODIFIER_SENTENCE);
  const pc = findCombatant(state, command.rallierId);
  if (!pc || pc.side !== 'pc' || !inFight(state, pc.id)) return refuse('not-eligible', 'Only a PC still in the fight can rally allies.');
  if (command.combatantIds.length === 0 || new Set(command.combatantIds).size !== command.combatantIds.length) {
    return refuse('invalid-command', 'Name each ally to rally once.');
  }
  // [LFG-25] [LFG-33] A rally is the rallier's action, on the rallier's turn.
  if (!state.turn?.actorIds.includes(pc.id)) return refuse('not-your-turn', `${pc.name} can only rally on their own turn.`);
  const used = economyOn(state) ? spendOf(turnUse(state, pc.id), 'rally') : null;
  if (typeof used === 'string') return refuse('lfg-nothing-left', `${pc.name} has already spent this turn's action.`);
  const spent: readonly EncounterEvent[] = used ? [{ type: 'lfg-turn-spent', combatantId: pc.id, slotId: state.turn.slotId, spend: 'rally', ...used }] : [];
  const allies = command.combatantIds.map((id) => candidate(state, id));
  if (allies.some((a) => a === undefined || !canBeRallied(a))) {
    return refuse('lfg-cannot-rally', 'Only hirelings and pets whose morale broke, still standing, can be rallied.');
  }
  const greatSuccess = greatSuccessRule(state);
  const drawn = drawD20s(state, actor, 1, command.faces);
  if (isViolation(drawn)) return { ok: false, violation: drawn };
  const [check] = scoreChecks(drawn.dice, [{ score: stat(pc, LFG_STATS.cha), modifier: command.modifier ?? 0, greatSuccess }]);
  if (!check) return refuse('invalid-dice');
  const result = rallyResult(check.outcome);
  const outcome = { rallierId: pc.id, combatantIds: command.combatantIds, check, result };
  const rallied: EncounterEvent = { type: 'lfg-rally-rolled', outcome, ...drawn };
  if (result !== 'recheck') return accept([...spent, rallied]);
  // Decision: the new morale check is rolled at once by the server, each ally on its own kind's roll.
  const after = { ...state, dice: { ...state.dice, rng: drawn.rng } };
  const members = command.combatantIds.flatMap((id) => candidate(after, id, false) ?? []);
  const recheck = moraleEvents(after, { role: 'gm' }, members, 'kind', 0, 'gm', { checkId: null, suggestionId: null }, undefined);
  return 'code' in recheck ? accept([...spent, rallied]) : accept([...spent, rallied, ...recheck]);
}

/** [LFG-24] 'lfg-finish-them' (GM): the party's group Luck check; the GM applies the result. */
export function finishThemCheck(ctx: DecideContext, modifier: number | undefined, faces: readonly number[] | undefined): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-finish-them', 'finish them');
  if (wrong) return wrong;
  if (badModifier(modifier)) return refuse('invalid-command', MODIFIER_SENTENCE);
  const party = retreatRollers(partyInBattle(state.combatants, leftTheBattle(state)));
  if (party.length === 0) return refuse('not-eligible', 'Nobody in the party is left standing to finish them.');
  const greatSuccess = greatSuccessRule(state);
  const drawn = drawD20s(state, actor, party.length, faces);
  if (isViolation(drawn)) return { ok: false, violation: drawn };
  const results = scoreChecks(drawn.dice, party.map((c) => ({ score: stat(c, LFG_STATS.luck), modifier: modifier ?? 0, greatSuccess })));
  const rolls = party.map((c, i) => ({ id: c.id, result: results[i] ?? scoreCheck([20], { score: 0 }) }));
  return accept([{ type: 'lfg-finish-rolled', rolls, success: finishThem(results.map((r) => r.outcome)), ...drawn }]);
}

