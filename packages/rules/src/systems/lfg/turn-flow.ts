// [LFG-15] [LFG-16] Turns in an lfg round: delaying and coming back, held PCs acting at the end of
// the round, readied actions (recorded, triggered by the GM, lapsing at the readier's next turn).
import type { Actor } from '../../core/commands.js';
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext } from '../../core/decide/context.js';
import { advance } from '../../core/decide/flow.js';
import { checkTurnOwner } from '../../core/decide/turns.js';
import type { EncounterEvent } from '../../core/events.js';
import type { CombatantId, CurrentTurn, EncounterState, RollMode, SlotId, TurnSlot } from '../../core/model.js';
import type { Decision, InitiativeSystem } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { resolveReady, canDelay } from './delay.js';
import { diceFor, drawD20s, isViolation, scoreChecks } from './draws.js';
import { greatSuccessRule, stat } from './lookup.js';
import { lfgExt } from './state.js';
import { LFG_STATS } from './stats.js';
import type { ReadyOutcome } from './state.js';
import { LFG_VIOLATIONS } from './violations.js';

/** Whether anyone in a slot after `index` could still act this round. */
function anyoneLater(system: InitiativeSystem, state: EncounterState, index: number): boolean {
  return state.slots.slice(index + 1).some((slot) => system.eligibleActors(state, slot).length > 0);
}

const currentSlot = (state: EncounterState): { readonly slot: TurnSlot; readonly index: number } | undefined => {
  const index = state.turn ? state.slots.findIndex((s) => s.id === state.turn?.slotId) : -1;
  const slot = state.slots[index];
  return slot ? { slot, index } : undefined;
};

/**
 * [LFG-15] 'delay-turn': the current PC acts later. With `targetSlotId` the slot moves before that
 * later slot; without it the PC holds and comes back with 'lfg-resume-turn' (or at the end of the round).
 */
export function delayTurn(system: InitiativeSystem, state: EncounterState, actor: Actor, targetSlotId: SlotId | undefined): Decision {
  const here = currentSlot(state);
  if (!here || !canDelay(here.slot)) {
    return refuse('lfg-cannot-delay', 'Only adventurers delay their turn; the GM orders monsters and allies.');
  }
  const ctx: DecideContext = { state, system, actor };
  if (targetSlotId !== undefined) {
    const target = state.slots.findIndex((s) => s.id === targetSlotId);
    if (target <= here.index) return refuse('lfg-cannot-delay', 'A turn can only be delayed until before a turn still to come this round.');
    const moved = append(draft(ctx), { type: 'lfg-turn-delayed', slotId: here.slot.id, beforeSlotId: targetSlotId });
    return accept(advance(ctx, moved).events);
  }
  const othersHeld = lfgExt(state).held.length > 0;
  if (!anyoneLater(system, state, here.index) && !othersHeld) {
    return refuse('lfg-cannot-delay', 'Nobody else is left to act this round: take the turn now.');
  }
  let d = append(draft(ctx), { type: 'lfg-turn-delayed', slotId: here.slot.id, beforeSlotId: null });
  // Nobody left but other delayed PCs: they act now, in the order they delayed, this one last.
  if (!anyoneLater(system, d.state, here.index - 1)) d = append(d, { type: 'lfg-held-released' });
  return accept(advance(ctx, d).events);
}

/** [LFG-15] 'lfg-resume-turn': a held PC acts next, right after the current turn. */
export function resumeTurn(ctx: DecideContext, combatantId: CombatantId): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-resume-turn', 'come back from a delay');
  if (wrong) return wrong;
  if (actor.role === 'player' && !actor.combatantIds.includes(combatantId)) {
    return refuse('not-your-combatant', 'You can only bring back your own character.');
  }
  const slot = lfgExt(state).held.find((s) => s.filler.kind === 'unit' && s.filler.unit.id === combatantId);
  if (!slot) return refuse('lfg-not-held', 'That character is not delaying.');
  const here = currentSlot(state);
  const index = here ? here.index + 1 : 0;
  const d = append(draft(ctx), { type: 'lfg-turn-resumed', slotId: slot.id, index });
  return accept((here ? d : advance(ctx, d)).events);
}

/** [LFG-15] onTurnEnd: after the round's last turn, PCs still holding act, in the order they delayed. */
export function releaseIfLast(system: InitiativeSystem, state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  if (lfgExt(state).held.length === 0) return [];
  const index = state.slots.findIndex((s) => s.id === turn.slotId);
  return anyoneLater(system, state, index) ? [] : [{ type: 'lfg-held-released' }];
}

/** [LFG-16] 'lfg-ready-action': the current PC readies an action; that uses the turn. */
export function readyAction(ctx: DecideContext, trigger: string): Decision {
  const { state } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-ready-action', 'ready an action');
  if (wrong) return wrong;
  const here = currentSlot(state);
  if (!here || !state.turn || state.turn.actorIds.length === 0) return refuse('invalid-command', 'No one is taking a turn right now.');
  const notYours = checkTurnOwner(state, ctx.actor);
  if (notYours) return notYours;
  if (!canDelay(here.slot)) return refuse('invalid-command', 'Only adventurers ready actions; the GM runs the monsters.');
  const text = trigger.trim();
  if (text === '') return refuse('invalid-command', 'Describe the trigger the action waits for.');
  const d = append(draft(ctx), { type: 'lfg-action-readied', combatantIds: state.turn.actorIds, trigger: text });
  return accept(advance(ctx, d).events);
}

/** [LFG-16] onTurnStart: a readied action whose trigger never came is lost when its readier's next turn starts. */
export function lapseReadied(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  const lapsing = lfgExt(state).readied.filter((r) => turn.actorIds.includes(r.combatantId)).map((r) => r.combatantId);
  return lapsing.length > 0 ? [{ type: 'lfg-ready-lapsed', combatantIds: lapsing }] : [];
}

interface TriggerReady {
  readonly combatantId: CombatantId;
  readonly simultaneous: boolean;
  readonly opposedScore?: number;
  readonly mode?: RollMode;
  readonly faces?: readonly number[];
}

/** The largest score a contest may be rolled against (roll-under d20: anything higher is the same). */
const MAX_OPPOSED_SCORE = 30;

/** [LFG-16] 'lfg-trigger-ready' (GM): simultaneous, or the readier's Initiative check (or a contest) says who is first. */
export function triggerReady(ctx: DecideContext, command: TriggerReady): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-trigger-ready', 'trigger a readied action');
  if (wrong) return wrong;
  const entry = lfgExt(state).readied.find((r) => r.combatantId === command.combatantId);
  if (!entry) return refuse('lfg-not-readied', LFG_VIOLATIONS['lfg-not-readied']);
  const opposed = command.opposedScore;
  if (opposed !== undefined && (!Number.isInteger(opposed) || opposed < 0 || opposed > MAX_OPPOSED_SCORE)) {
    return refuse('invalid-command', `A contest is rolled against a whole score from 0 to ${MAX_OPPOSED_SCORE}.`);
  }
  const base = { combatantId: entry.combatantId, trigger: entry.trigger };
  if (command.simultaneous) {
    const outcome: ReadyOutcome = { ...base, order: 'simultaneous', rolls: [] };
    return accept([{ type: 'lfg-ready-resolved', outcome, dice: [], rng: state.dice.rng, source: 'server' }]);
  }
  const greatSuccess = greatSuccessRule(state);
  const mode = command.mode ?? 'normal';
  const inputs = [
    { score: stat(findCombatant(state, entry.combatantId), LFG_STATS.initiative), mode, greatSuccess },
    ...(opposed === undefined ? [] : [{ score: opposed, greatSuccess }]),
  ];
  const drawn = drawD20s(state, actor, inputs.reduce((n, i) => n + diceFor(i.mode), 0), command.faces);
  if (isViolation(drawn)) return { ok: false, violation: drawn };
  const rolls = scoreChecks(drawn.dice, inputs);
  const [readier, trigger] = rolls;
  const order = resolveReady({
    simultaneous: false,
    check: readier?.outcome,
    ...(readier && trigger ? { contest: { readier, trigger } } : {}),
  });
  const outcome: ReadyOutcome = { ...base, order: order === 'needs-check' ? 'gm-decides' : order, rolls };
  return accept([{ type: 'lfg-ready-resolved', outcome, ...drawn }]);
}
