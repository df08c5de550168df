// [LFG-26] [LFG-27] Party retreat in play: a proposal at the start of a round, the GM's answer (with
// modifiers) and the group Luck check it leads to, then the GM's word on individual flight.
import type { Command } from '../../core/commands.js';
import { accept, refuse, requireCommandPhase, type DecideContext } from '../../core/decide/context.js';
import type { Decision } from '../../core/system.js';
import { drawD20s, isViolation, scoreChecks } from './draws.js';
import { greatSuccessRule, leftTheBattle, stat } from './lookup.js';
import { lfgExt } from './state.js';
import { MAX_CHECK_MODIFIER } from './morale-flow.js';
import { partyInBattle, resolveRetreat, retreatRollers, retreatWindowOpen, type RetreatMember } from './retreat.js';
import { LFG_STATS } from './stats.js';
import { LFG_VIOLATIONS } from './violations.js';

/** The PCs still in the battle (standing or not): who retreats together. */
function party(ctx: DecideContext): readonly RetreatMember[] {
  return partyInBattle(ctx.state.combatants, leftTheBattle(ctx.state)).map((c) => ({ id: c.id, luck: stat(c, LFG_STATS.luck), defeated: c.defeated }));
}

/** [LFG-26] 'lfg-propose-retreat': a player of the party (or the GM), before anyone has acted this round. */
export function proposeRetreat(ctx: DecideContext): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-propose-retreat', 'retreat');
  if (wrong) return wrong;
  const members = party(ctx);
  if (actor.role === 'player' && !members.some((m) => actor.combatantIds.includes(m.id))) {
    return refuse('not-your-combatant', 'Only the party can propose to retreat.');
  }
  if (retreatRollers(members).length === 0) return refuse('not-eligible', 'Nobody in the party is left standing to flee.');
  const retreat = lfgExt(state).retreat;
  if (retreat?.status === 'proposed' || (retreat?.status === 'failed' && retreat.permitPending)) {
    return refuse('invalid-command', 'A retreat is already waiting for the GM.');
  }
  if (!retreatWindowOpen(state.round, state.acted) || (retreat !== null && retreat.round === state.round)) {
    return refuse('lfg-retreat-closed', 'The party can try to retreat once, at the start of a round, before anyone acts.');
  }
  return accept([{ type: 'lfg-retreat-proposed', round: state.round }]);
}

type Answer = Extract<Command, { type: 'lfg-answer-retreat' }>;

/** [LFG-26] [LFG-27] 'lfg-answer-retreat' (GM): no, or yes with modifiers and the group Luck check. */
export function answerRetreat(ctx: DecideContext, command: Answer): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-answer-retreat', 'answer a retreat');
  if (wrong) return wrong;
  if (lfgExt(state).retreat?.status !== 'proposed') return refuse('lfg-no-retreat', LFG_VIOLATIONS['lfg-no-retreat']);
  if (!command.allow) return accept([{ type: 'lfg-retreat-declined' }]);
  const modifier = command.modifier ?? 0;
  if (!Number.isInteger(modifier) || Math.abs(modifier) > MAX_CHECK_MODIFIER) {
    return refuse('invalid-command', `A modifier is a whole number from -${MAX_CHECK_MODIFIER} to ${MAX_CHECK_MODIFIER}.`);
  }
  const members = party(ctx);
  const rollers = retreatRollers(members);
  const greatSuccess = greatSuccessRule(state);
  const drawn = drawD20s(state, actor, rollers.length, command.faces);
  if (isViolation(drawn)) return { ok: false, violation: drawn };
  const results = scoreChecks(drawn.dice, rollers.map((m) => ({ score: m.luck, modifier, greatSuccess })));
  const rolls = rollers.flatMap((m, i) => {
    const result = results[i];
    return result ? [{ id: m.id, result }] : [];
  });
  const verdict = resolveRetreat(members, rolls.map((r) => ({ id: r.id, outcome: r.result.outcome })), false);
  const success = verdict.groupOutcome === 'success';
  return accept([{ type: 'lfg-retreat-rolled', rolls, success, fled: success ? verdict.mayFlee : [], ...drawn }]);
}

/** [LFG-27] 'lfg-permit-flight' (GM): after a failure, whether the individually successful PCs flee alone. */
export function permitFlight(ctx: DecideContext, allow: boolean): Decision {
  const wrong = requireCommandPhase(ctx, 'lfg-permit-flight', 'decide on flight');
  if (wrong) return wrong;
  const retreat = lfgExt(ctx.state).retreat;
  if (retreat?.status !== 'failed' || !retreat.permitPending) return refuse('lfg-no-retreat', LFG_VIOLATIONS['lfg-no-retreat']);
  return accept([{ type: 'lfg-flight-permitted', fled: allow ? retreat.successes : [] }]);
}
