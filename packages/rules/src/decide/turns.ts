// start-combat, end-turn, end-encounter: moving through the fixed order of slots.
import type { Actor } from '../commands.js';
import type { EncounterState } from '../model.js';
import type { Decision, InitiativeSystem } from '../system.js';
import { allUnits, isLive, unitInfo } from '../units.js';
import { accept, append, draft, listNames, refuse, requirePhase, visibleName, type DecideContext, type Draft } from './context.js';

/** The first slot at or after `from` with someone eligible, as a 'turn-started' event. */
function nextTurn(system: InitiativeSystem, state: EncounterState, from: number) {
  for (let i = Math.max(from, 0); i < state.slots.length; i++) {
    const slot = state.slots[i];
    if (!slot) continue;
    const actorIds = system.eligibleActors(state, slot);
    if (actorIds.length > 0) return { type: 'turn-started', slotId: slot.id, actorIds } as const;
  }
  return undefined;
}

export function startCombat(ctx: DecideContext): Decision {
  const { state, system } = ctx;
  const wrong = requirePhase(state, ['initiative'], 'start combat');
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
  const slots = system.buildSlots(state, () => `s${nextId++}`);
  let d: Draft = append(draft(state), { type: 'combat-started', slots }, { type: 'round-started', round: 1 });
  const first = nextTurn(system, d.state, 0);
  if (first) d = append(d, first);
  return accept(d.events);
}

function whoseTurn(state: EncounterState, actor: Actor): string | undefined {
  const turn = state.turn;
  if (!turn) return undefined;
  const slot = state.slots.find((s) => s.id === turn.slotId);
  const names = turn.actorIds.map((id) => visibleName(state, actor, id));
  if (names.some((n) => n === undefined)) return undefined;
  if (slot?.filler.kind === 'unit' && slot.filler.unit.kind === 'group') {
    return unitInfo(state, slot.filler.unit)?.name;
  }
  return listNames(names.filter((n): n is string => n !== undefined));
}

function checkTurnOwner(state: EncounterState, actor: Actor): Decision | undefined {
  if (actor.role === 'gm') return undefined;
  const turn = state.turn;
  if (!turn) return refuse('not-your-turn', 'No one is taking a turn right now.');
  if (turn.actorIds.some((id) => actor.combatantIds.includes(id))) return undefined;
  const who = whoseTurn(state, actor);
  return refuse('not-your-turn', who ? `It is ${who}'s turn, not yours.` : 'It is not your turn.');
}

export function endTurn(ctx: DecideContext): Decision {
  const { state, system } = ctx;
  const wrong = requirePhase(state, ['active'], 'end a turn');
  if (wrong) return wrong;
  const notYours = checkTurnOwner(state, ctx.actor);
  if (notYours) return notYours;
  const turn = state.turn;
  if (!turn && !nextTurn(system, state, 0)) {
    return refuse('invalid-command', 'Nobody in the order can act: everyone is defeated or gone.');
  }
  let d = draft(state);
  const current = turn ? state.slots.findIndex((s) => s.id === turn.slotId) : -1;
  if (turn) d = append(d, { type: 'turn-ended', slotId: turn.slotId });
  const later = nextTurn(system, d.state, current + 1);
  if (later) return accept(append(d, later).events);
  // Past the last slot: a new round, unless nobody at all can act (then the turn simply ends).
  if (!nextTurn(system, d.state, 0)) return accept(d.events);
  d = append(d, { type: 'round-started', round: state.round + 1 });
  const first = nextTurn(system, d.state, 0);
  return accept((first ? append(d, first) : d).events);
}

export function endEncounter(ctx: DecideContext): Decision {
  const wrong = requirePhase(ctx.state, ['setup', 'initiative', 'active'], 'end the encounter');
  if (wrong) return wrong;
  return accept([{ type: 'encounter-ended' }]);
}
