// dc20's turn commands: claiming and passing PC turns, tied claims, the GM's assignments, ending one's
// part of a shared turn, merging enemy turns, and Delayed Initiative. Rule ids: spec/dc20.md.
import type { Actor, Command } from '../../core/commands.js';
import { accept, append, draft, refuse, requireCommandPhase, visibleName, type DecideContext, type Draft } from '../../core/decide/context.js';
import { checkTurnOwner, endTurn as coreEndTurn } from '../../core/decide/turns.js';
import type { CombatantId, EncounterState, SlotId, TurnSlot } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import type { Dc20Command } from './commands.js';
import { delayTurn as delayPure, type DelayTarget } from './delay.js';
import { gmOnly } from './decide-setup.js';
import { LAP } from './hooks.js';
import { flagsOf, holderActors, initiativeResult, isEnemyTeam, membersOf, roleOf, slotTeam, teamOf, unseated } from './members.js';
import { dc20Ext } from './state.js';
import { isDecision, unwrap } from './refusals.js';
import { seat, settle, waitingSlot } from './seat.js';
import { resolveClaims, resolveTie, type Claim } from './turns.js';
import type { Dc20Slot } from './types.js';
import { mintId } from '../../core/ids.js';

type Of<T extends Dc20Command['type']> = Extract<Dc20Command, { type: T }>;

const finish = (d: Draft): Decision => accept(d.events);

export const dc20Slots = (state: EncounterState): readonly Dc20Slot[] =>
  state.slots.map((s) => ({ id: s.id, side: s.side, team: slotTeam(state, s), filler: s.filler }));

/** The current turn still waiting to be seated, with its slot, or the refusal. */
function waitingTurn(
  ctx: DecideContext,
  type: 'claim-turn' | 'dc20-pass-turn' | 'dc20-close-claims' | 'dc20-resolve-claim',
  doing: string,
): { readonly slot: TurnSlot } | Decision {
  const wrong = requireCommandPhase(ctx, type, doing);
  if (wrong) return wrong;
  const waiting = waitingSlot(ctx.state);
  const slot = waiting && ctx.state.slots.find((s) => s.id === waiting.slotId);
  if (!slot) return refuse('invalid-command', 'No turn is waiting to be taken right now.');
  return { slot };
}

const sameIds = (ids: readonly CombatantId[]): boolean => new Set(ids).size === ids.length;

function notMine(actor: Actor, ids: readonly CombatantId[]): Decision | undefined {
  if (actor.role === 'gm' || ids.every((id) => actor.combatantIds.includes(id))) return undefined;
  return refuse('not-your-combatant', 'You can only answer for your own characters.');
}

const claimOf = (state: EncounterState, id: CombatantId): Claim => ({ combatantId: id, result: initiativeResult(state, id) });
const rank = (result: number | null): number => result ?? Number.NEGATIVE_INFINITY;

/**
 * [DC20-15] [DC20-16] Decides the waiting PC turn once the answers settle it: the highest claim takes it
 * when no one still silent could reach it; equal best claims wait for 'dc20-resolve-claim'. With no
 * claim, a turn someone already holds (a delayer) starts once all have passed; an empty one waits.
 */
function decideClaims(ctx: DecideContext, d: Draft, closing: boolean): Draft | Decision {
  const waiting = waitingSlot(d.state);
  if (!waiting) return d;
  const ext = dc20Ext(d.state);
  const answers = ext.claims?.slotId === waiting.slotId ? ext.claims.answers : {};
  const free = unseated(d.state, 'pc');
  const claims = free.filter((id) => answers[id] === 'claim').map((id) => claimOf(d.state, id));
  const silent = free.filter((id) => answers[id] === undefined);
  if (claims.length === 0) {
    const held = holderActors(d.state, waiting.slotId).length > 0;
    if (held && (closing || silent.length === 0)) return seat(ctx, d, []);
    if (closing) return refuse('dc20-pc-turn-unclaimed', 'Nobody has claimed this PC turn yet: the PC team must choose who takes it.');
    return d;
  }
  const best = Math.max(...claims.map((c) => rank(c.result)));
  if (!closing && silent.some((id) => rank(initiativeResult(d.state, id)) >= best)) return d;
  const resolution = resolveClaims(claims);
  switch (resolution.kind) {
    case 'seated':
      return seat(ctx, d, resolution.ids);
    case 'tied':
      return append(d, { type: 'dc20-claim-tied', slotId: waiting.slotId, tied: resolution.tied.map((c) => c.combatantId) });
    case 'none':
      return d;
    default: {
      const _exhaustive: never = resolution;
      return _exhaustive;
    }
  }
}

/** [DC20-15] 'claim-turn' / 'dc20-pass-turn' on a PC turn; 'claim-turn' by the GM on another team's turn seats them. */
export function answerTurn(ctx: DecideContext, ids: readonly CombatantId[], answer: 'claim' | 'pass'): Decision {
  const waiting = answer === 'claim' ? waitingTurn(ctx, 'claim-turn', 'take a turn') : waitingTurn(ctx, 'dc20-pass-turn', 'pass a turn');
  if (isDecision(waiting)) return waiting;
  const { state, actor } = ctx;
  const team = slotTeam(state, waiting.slot);
  if (ids.length === 0 || !sameIds(ids)) return refuse('not-eligible', 'Name each combatant once.');
  const unknown = ids.find((id) => !findCombatant(state, id));
  if (unknown !== undefined) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (team !== 'pc') {
    if (answer === 'pass') return refuse('dc20-not-a-pc-turn', 'Only PC turns are claimed or passed; the GM assigns this one.');
    const denied = gmOnly(actor, `choose who takes ${team === 'npc' ? 'NPC' : 'Enemy'} turns`);
    if (denied) return denied;
    return assignHere(ctx, waiting.slot, ids);
  }
  const mine = notMine(actor, ids);
  if (mine) return mine;
  const free = unseated(state, 'pc');
  const outsider = ids.find((id) => !free.includes(id));
  if (outsider !== undefined) {
    const name = visibleName(state, actor, outsider) ?? 'That creature';
    return refuse('not-eligible', `${name} cannot claim this PC turn: only PC-team members without a turn this round can.`);
  }
  const answers = Object.fromEntries(ids.map((id) => [id, answer]));
  const d = decideClaims(ctx, append(draft(ctx), { type: 'dc20-claims-answered', slotId: waiting.slot.id, answers }), false);
  return isDecision(d) ? d : finish(d);
}

/** [DC20-15] The GM closes the claims of the current PC turn. */
export function closeClaims(ctx: DecideContext): Decision {
  const denied = gmOnly(ctx.actor, 'close the claims');
  if (denied) return denied;
  const waiting = waitingTurn(ctx, 'dc20-close-claims', 'close the claims');
  if (isDecision(waiting)) return waiting;
  if (slotTeam(ctx.state, waiting.slot) !== 'pc') return refuse('dc20-not-a-pc-turn', 'Only PC turns are claimed; assign this one.');
  const claims = dc20Ext(ctx.state).claims;
  if (claims?.slotId === waiting.slot.id && claims.tied) {
    return refuse('decision-pending', 'The best claims are tied: they share the turn, or choose who takes it (dc20-resolve-claim).');
  }
  const d = decideClaims(ctx, draft(ctx), true);
  return isDecision(d) ? d : finish(d);
}

/** [DC20-16] Tied claimants share the turn or choose who takes it; a player can only give up their own claim. */
export function resolveClaim(ctx: DecideContext, command: Of<'dc20-resolve-claim'>): Decision {
  const waiting = waitingTurn(ctx, 'dc20-resolve-claim', 'decide a tied claim');
  if (isDecision(waiting)) return waiting;
  const { state, actor } = ctx;
  const claims = dc20Ext(state).claims;
  const tied = claims?.slotId === waiting.slot.id ? claims.tied : null;
  if (!tied) return refuse('invalid-command', 'No tied claims are waiting to be decided.');
  if (actor.role === 'player') {
    const excluded = tied.filter((id) => !command.combatantIds.includes(id));
    if (!tied.some((id) => actor.combatantIds.includes(id))) return refuse('not-your-combatant', 'Only the tied PCs (or the GM) decide this.');
    if (excluded.some((id) => !actor.combatantIds.includes(id))) {
      return refuse('not-your-combatant', 'You can only give up your own claim: share the turn, or let the other take it.');
    }
  }
  const chosen = unwrap(resolveTie(tied.map((id) => claimOf(state, id)), command.combatantIds));
  return isDecision(chosen) ? chosen : finish(seat(ctx, draft(ctx), chosen));
}

/** Seats creatures of the slot's team on the waiting non-PC turn (none: the turn is left empty and skipped). */
function assignHere(ctx: DecideContext, slot: TurnSlot, ids: readonly CombatantId[]): Decision {
  const { state } = ctx;
  const team = slotTeam(state, slot);
  const held = holderActors(state, slot.id);
  // A creature placed on a later turn may be brought forward: it moves (DC20-17).
  const bad = ids.find((id) => {
    const c = findCombatant(state, id);
    return !c || c.defeated || teamOf(state, c) !== team || state.acted.includes(id);
  });
  if (bad !== undefined) {
    const name = visibleName(state, ctx.actor, bad) ?? 'That creature';
    return refuse('not-eligible', `${name} cannot take this turn: only standing creatures of its team that have not acted this round can.`);
  }
  // Nobody at all: the turn is left empty and skipped (DC20-26).
  return finish(seat(ctx, draft(ctx), ids.filter((id) => !held.includes(id))));
}

/** [DC20-17] [DC20-18] [DC20-24] [DC20-26] The GM places creatures on a non-PC turn, at any time. */
export function assign(ctx: DecideContext, command: Of<'dc20-assign'>): Decision {
  const { state } = ctx;
  const denied = gmOnly(ctx.actor, 'assign creatures to turns') ?? requireCommandPhase(ctx, 'dc20-assign', 'assign creatures to turns');
  if (denied) return denied;
  const slot = state.slots.find((s) => s.id === command.slotId);
  if (!slot) return refuse('invalid-command', 'There is no such turn in the Initiative Order.');
  const team = slotTeam(state, slot);
  if (team === 'pc') return refuse('dc20-not-an-enemy-turn', 'PC turns are claimed by the PC team, not assigned.');
  const ids = command.combatantIds;
  if (!sameIds(ids)) return refuse('not-eligible', 'Name each combatant once.');
  for (const id of ids) {
    const c = findCombatant(state, id);
    if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (teamOf(state, c) !== team) return refuse('dc20-not-an-enemy-turn', `${c.name} is not on the team whose turn this is.`);
  }
  if (waitingSlot(state)?.slotId === slot.id) return assignHere(ctx, slot, ids);
  if (ids.length === 0) return refuse('invalid-command', 'Name the creatures to place on that turn.');
  const turn = state.turn;
  if (turn?.slotId === slot.id) return refuse('dc20-turn-under-way', 'That turn is under way: place them on a later turn.');
  const acting = ids.find((id) => turn?.actorIds.includes(id));
  if (acting !== undefined) return refuse('dc20-turn-under-way', `${findCombatant(state, acting)?.name ?? 'That creature'} is taking its turn now.`);
  const placed = append(draft(ctx), { type: 'dc20-seated', slotId: slot.id, combatantIds: ids });
  return finish(settle(ctx, placed));
}

/** [DC20-25] Offered in a shared PC turn: the GM merges a team's next two turns, or keeps them. */
export function mergeTurns(ctx: DecideContext, command: Of<'dc20-merge-enemy-turns'> | Of<'dc20-keep-enemy-turns'>): Decision {
  const { state } = ctx;
  const denied = gmOnly(ctx.actor, 'merge enemy turns') ?? requireCommandPhase(ctx, command.type, 'merge enemy turns');
  if (denied) return denied;
  const offer = dc20Ext(state).mergeOffer;
  if (!offer) return refuse('dc20-no-merge', 'Enemy turns can only be merged during a shared PC turn.');
  if (command.type === 'dc20-keep-enemy-turns') return accept([{ type: 'dc20-merge-declined' }]);
  if (!offer.teams.includes(command.team)) return refuse('dc20-no-merge', 'That team has no two turns left to merge.');
  const at = state.slots.findIndex((s) => s.id === offer.pcSlotId);
  const [first, second] = state.slots.slice(at + 1).filter((s) => slotTeam(state, s) === command.team);
  if (!first || !second) return refuse('dc20-no-merge', 'That team has no two turns left to merge.');
  return accept([{ type: 'dc20-turns-merged', team: command.team, fromSlotId: second.id, toSlotId: first.id }]);
}

/** [DC20-16] A blocking dc20 decision, as the sentence 'end-turn' is refused with. */
function blockingDecision(state: EncounterState): string | undefined {
  const ext = dc20Ext(state);
  if (ext.leftoverLap) return 'The round is ending: the GM first spends or passes the leftover Legendary AP.';
  if (ext.mergeOffer) return 'This PC turn is shared: the GM first decides whether to merge the next two enemy turns.';
  return undefined;
}

/** Monsters with LAP left to spend at the end of `round` (the Beta Note), if that window is still to hold. */
function leftoverLap(state: EncounterState): readonly CombatantId[] {
  if (flagsOf(state).lapMode !== 'roundEnd' || dc20Ext(state).leftoverDone >= state.round) return [];
  return state.combatants.filter((c) => !c.defeated && (c.resources[LAP]?.current ?? 0) > 0).map((c) => c.id);
}

/** The engine's end of the turn, dc20's round-end LAP window first, then the next turn seated if nobody must choose. */
export function endWholeTurn(ctx: DecideContext, d: Draft): Draft | Decision {
  const ended = coreEndTurn({ ...ctx, state: d.state });
  if (!ended.ok) return ended;
  if (ended.events.some((e) => e.type === 'round-ended')) {
    const open = leftoverLap(d.state);
    if (open.length > 0) return append(d, { type: 'dc20-leftover-lap-opened', round: d.state.round, combatantIds: open });
  }
  return settle(ctx, append(d, ...ended.events));
}

/** [DC20-16] 'end-turn': a player in a shared turn ends their own part; the turn ends when every actor has. */
export function endTurn(ctx: DecideContext): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'end-turn', 'end a turn');
  if (wrong) return wrong;
  const blocked = blockingDecision(state);
  if (blocked) return refuse('decision-pending', blocked);
  const turn = state.turn;
  if (actor.role === 'player' && turn && !waitingSlot(state)) {
    const notYours = checkTurnOwner(state, actor);
    if (notYours) return notYours;
    const done = dc20Ext(state).done;
    const mine = turn.actorIds.filter((id) => actor.combatantIds.includes(id) && !done.includes(id));
    if (mine.length === 0) return refuse('not-your-turn', 'You have already ended your part of this turn.');
    const others = turn.actorIds.filter((id) => !mine.includes(id) && !done.includes(id));
    if (others.length > 0) return accept([{ type: 'dc20-part-ended', combatantIds: mine }]);
  }
  const d = endWholeTurn(ctx, draft(ctx));
  return isDecision(d) ? d : finish(d);
}

/** [DC20-19] [DC20-20] [DC20-21] [DC20-22] Moves `combatantId`'s turn for good; the turn goes on without it, or ends. */
export function delayFor(ctx: DecideContext, combatantId: CombatantId, to: DelayTarget): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'dc20-delay', 'delay a turn');
  if (wrong) return wrong;
  const turn = state.turn;
  if (!turn || waitingSlot(state)) return refuse('invalid-command', 'Delay during your turn, once it has started.');
  const blocked = blockingDecision(state);
  if (blocked) return refuse('decision-pending', blocked);
  if (actor.role === 'player' && !actor.combatantIds.includes(combatantId)) {
    return refuse('not-your-combatant', 'You can only delay your own character.');
  }
  const c = findCombatant(state, combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (!turn.actorIds.includes(c.id) || dc20Ext(state).done.includes(c.id)) return refuse('not-your-turn', `${c.name} is not taking this turn.`);
  if (roleOf(state, c) !== 'pc' && roleOf(state, c) !== 'important-npc') {
    return refuse('not-eligible', 'Delayed Initiative moves a PC-team turn: only PCs and Important NPCs delay.');
  }
  if (to.kind === 'after-enemy') {
    const enemy = findCombatant(state, to.enemyId);
    if (!enemy || (actor.role === 'player' && enemy.hidden)) return refuse('unknown-combatant', 'There is no such enemy in sight.');
    if (!isEnemyTeam(teamOf(state, enemy))) return refuse('not-eligible', `${enemy.name} is not an enemy.`);
  }
  const input = { slots: dc20Slots(state), holders: dc20Ext(state).holders, members: membersOf(state), actorId: c.id, currentSlotId: turn.slotId, target: to };
  const delayed = unwrap(delayPure(input, () => mintId(state, 's', state.nextId)));
  if (isDecision(delayed)) return delayed;
  let d = draft(ctx);
  if (delayed.created) {
    const index = delayed.slots.findIndex((s) => s.id === delayed.slotId);
    d = append(d, { type: 'slot-inserted', slot: { id: delayed.slotId, side: 'pc', filler: { kind: 'open', side: 'pc' } }, index });
  }
  d = append(d, { type: 'dc20-turn-delayed', combatantId: c.id, fromSlotId: turn.slotId, toSlotId: delayed.slotId });
  const left = d.state.turn?.actorIds.filter((id) => !dc20Ext(d.state).done.includes(id)) ?? [];
  if (left.length > 0) return finish(d);
  // Nobody is left in the turn the delayer owned: it ends on the delayer's behalf.
  const ended = endWholeTurn({ ...ctx, actor: { role: 'gm' } }, d);
  return isDecision(ended) ? ended : finish(ended);
}

/** [DC20-19] The core 'delay-turn { targetSlotId }': join that later PC turn (the engine checked the phase and the owner). */
export function delayHook(ctx: DecideContext, targetSlotId: SlotId | undefined): Decision {
  const turn = ctx.state.turn;
  const done = dc20Ext(ctx.state).done;
  const actors = (turn?.actorIds ?? []).filter((id) => !done.includes(id));
  const own = ctx.actor.role === 'gm' ? actors : actors.filter((id) => ctx.actor.role === 'player' && ctx.actor.combatantIds.includes(id));
  const [who] = own;
  if (own.length !== 1 || who === undefined) {
    return refuse('invalid-command', 'Several creatures share this turn: say who delays (dc20-delay).');
  }
  if (targetSlotId === undefined) {
    return refuse('invalid-command', 'Name the later PC turn to delay to, or the enemy to act after (dc20-delay).');
  }
  return delayFor(ctx, who, { kind: 'pc-turn', slotId: targetSlotId });
}

export type TurnCommand = Extract<Command, { type: 'claim-turn' | 'end-turn' }>;
