// start-combat, end-turn, delay-turn, end-encounter: moving through the order of slots.
import type { Actor } from '../commands.js';
import type { EncounterState, PendingDecision, SlotId } from '../model.js';
import type { Decision } from '../system.js';
import { allUnits, isLive, unitInfo } from '../units.js';
import { accept, append, draft, listNames, refuse, requireCommandPhase, visibleName, type DecideContext } from './context.js';
import { advance, firstEligible, startRound } from './flow.js';
import { mintId } from '../ids.js';
import { refills } from './resources.js';

export function startCombat(ctx: DecideContext): Decision {
  const { state, system } = ctx;
  const wrong = requireCommandPhase(ctx, 'start-combat', 'start combat');
  if (wrong) return wrong;
  const live = allUnits(state).filter(isLive);
  if (live.length === 0) return refuse('no-combatants', 'Nobody is left to fight: add combatants first.');
  const missing = live.filter((u) => u.initiative === null).map((u) => u.name);
  if (missing.length > 0) {
    return refuse('initiative-missing', `Still waiting for initiative from ${listNames(missing)}.`);
  }
  const tie = system.pendingTies(state)[0];
  if (tie) {
    const names = tie.map((ref) => unitInfo(state, ref)?.name ?? ref.id);
    return refuse('tie-unresolved', `${listNames(names)} are tied: decide who goes first before starting combat.`);
  }
  let nextId = state.nextId;
  const slots = system.buildSlots(state, () => mintId(state, 's', nextId++));
  return accept(startRound(ctx, append(draft(ctx), { type: 'combat-started', slots }), 1).events);
}

function whoseTurn(state: EncounterState, actor: Actor): string | undefined {
  const turn = state.turn;
  if (!turn || turn.actorIds.length === 0) return undefined;
  const slot = state.slots.find((s) => s.id === turn.slotId);
  const names = turn.actorIds.map((id) => visibleName(state, actor, id));
  if (names.some((n) => n === undefined)) return undefined;
  if (slot?.filler.kind === 'unit' && slot.filler.unit.kind === 'group') {
    return unitInfo(state, slot.filler.unit)?.name;
  }
  return listNames(names.filter((n): n is string => n !== undefined));
}

/** A refusal unless the actor is the GM or controls one of the current turn's actors. */
export function checkTurnOwner(state: EncounterState, actor: Actor): Decision | undefined {
  if (actor.role === 'gm') return undefined;
  const turn = state.turn;
  if (!turn) return refuse('not-your-turn', 'No one is taking a turn right now.');
  if (turn.actorIds.some((id) => actor.combatantIds.includes(id))) return undefined;
  const who = whoseTurn(state, actor);
  return refuse('not-your-turn', who ? `It is ${who}'s turn, not yours.` : 'It is not your turn.');
}

/** [ENG-15] A blocking decision that still can be made holds the turn; an open slot nobody can take any more does not. */
function blocking(ctx: DecideContext, decision: PendingDecision): boolean {
  switch (decision.kind) {
    case 'fill-slot': {
      const slot = ctx.state.slots.find((s) => s.id === decision.slotId);
      return decision.blocking && slot !== undefined && ctx.system.eligibleActors(ctx.state, slot).length > 0;
    }
    case 'newcomer-tie':
      return false;
    default: {
      const _exhaustive: never = decision;
      return _exhaustive;
    }
  }
}

const PENDING_SENTENCES: Readonly<Record<PendingDecision['kind'], (d: PendingDecision) => string>> = {
  'fill-slot': (d) => `Choose who takes this ${d.kind === 'fill-slot' ? d.side : ''} turn first (claim it), then end it.`,
  'newcomer-tie': () => 'Decide the order of the tied newcomer first.',
};

export function endTurn(ctx: DecideContext): Decision {
  const { state, system } = ctx;
  const wrong = requireCommandPhase(ctx, 'end-turn', 'end a turn');
  if (wrong) return wrong;
  const open = state.pending.find((p) => blocking(ctx, p));
  if (open) return refuse('decision-pending', PENDING_SENTENCES[open.kind](open));
  const notYours = checkTurnOwner(state, ctx.actor);
  if (notYours) return notYours;
  if (!state.turn && !firstEligible(system, state, 0)) {
    return refuse('invalid-command', 'Nobody in the order can act: everyone is defeated or gone.');
  }
  return accept(advance(ctx, draft(ctx)).events);
}

/** [ENG-19] Asks the system; a system without a delay rule refuses it ('not-supported'). */
export function delayTurn(ctx: DecideContext, targetSlotId: SlotId | undefined): Decision {
  const { state, system } = ctx;
  const wrong = requireCommandPhase(ctx, 'delay-turn', 'delay a turn');
  if (wrong) return wrong;
  if (!system.delayTurn) return refuse('not-supported', `${system.shortLabel} has no delay rule.`);
  if (!state.turn) return refuse('invalid-command', 'No one is taking a turn right now.');
  const notYours = checkTurnOwner(state, ctx.actor);
  if (notYours) return notYours;
  return system.delayTurn(state, ctx.actor, targetSlotId);
}

export function endEncounter(ctx: DecideContext): Decision {
  const wrong = requireCommandPhase(ctx, 'end-encounter', 'end the encounter');
  if (wrong) return wrong;
  // [ENG-36] Pools that refresh per encounter fill back as it ends.
  return accept([...refills(ctx.state, 'encounter'), { type: 'encounter-ended', seed: ctx.state.dice.seed }]);
}
