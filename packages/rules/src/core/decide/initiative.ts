// begin-initiative, roll-initiative, enter-initiative, roll-npc-initiative, resolve-tie.
import type { Actor } from '../commands.js';
import { readFaces, rollSpecs } from '../dice/spec.js';
import type { DieFace, InitiativeRoll, RollMode, UnitRef } from '../model.js';
import { physicalDiceOf } from '../options.js';
import type { Decision } from '../system.js';
import { allUnits, findCombatant, sameUnit, unitInfo, unitKey, type UnitInfo } from '../units.js';
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext, type Draft } from './context.js';
import { resolveNewcomerTie } from './newcomer-tie.js';
import { mintId } from '../ids.js';

export function beginInitiative(ctx: DecideContext): Decision {
  const wrong = requireCommandPhase(ctx, 'begin-initiative', 'call for initiative');
  if (wrong) return wrong;
  if (ctx.state.combatants.length === 0) {
    return refuse('no-combatants', 'Add at least one combatant before calling for initiative.');
  }
  return accept([{ type: 'initiative-begun' }]);
}

/** Where the faces come from: the encounter's generator, or real dice read by a person. */
type Source = { readonly kind: 'server' } | { readonly kind: 'physical'; readonly values: readonly number[] };

/** [ENG-21] Rolls (or reads) one unit's dice and scores them; after combat has started the newcomer takes its place. */
function rollUnit(ctx: DecideContext, d: Draft, unit: UnitInfo, mode: RollMode, source: Source): Draft | Decision {
  const specs = ctx.system.initiativeDice(d.state, unit, mode);
  let faces: readonly DieFace[];
  let rng = d.state.dice.rng;
  if (source.kind === 'server') {
    ({ faces, rng } = rollSpecs(rng, specs));
  } else {
    const read = readFaces(specs, source.values);
    if (typeof read === 'string') return refuse('invalid-dice', read);
    faces = read;
  }
  // Copied key by key, not spread: V8's object spread gave rolls hidden classes of their own (one per
  // roll, kept in the state), where keys added to a fresh object share one chain of classes.
  const roll: InitiativeRoll = Object.assign({}, ctx.system.scoreInitiative(d.state, unit, faces, mode), { source: source.kind });
  const next = append(d, { type: 'initiative-rolled', unit: unit.ref, roll, rng });
  if (next.state.phase !== 'active') return next;
  const place = ctx.system.placeNewcomer?.(next.state, unit.ref, mintId(next.state, 's', next.state.nextId));
  if (!place) return next;
  const placed = append(next, { type: 'slot-inserted', slot: place.slot, index: place.index });
  const tiedWith = place.tiedWith ?? [];
  if (tiedWith.length === 0) return placed;
  // [ENG-23] The place after the tied units is provisional: people decide, without holding play.
  const decision = {
    id: `tie-${place.slot.id}`,
    kind: 'newcomer-tie',
    blocking: false,
    slotId: place.slot.id,
    unit: unit.ref,
    tiedWith,
  } as const;
  return append(placed, { type: 'decision-opened', decision });
}

const finish = (result: Draft | Decision): Decision => ('ok' in result ? result : accept(result.events));

function checkPlayerUnit(actor: Actor, ref: UnitRef): Decision | undefined {
  if (actor.role === 'gm') return undefined;
  if (ref.kind === 'group') return refuse('not-your-combatant', 'Only the GM rolls for a group of creatures.');
  if (!actor.combatantIds.includes(ref.id)) {
    return refuse('not-your-combatant', 'You can only roll initiative for your own character.');
  }
  return undefined;
}

/** The unit the actor may roll for now, or the refusal. */
function rollable(ctx: DecideContext, type: 'roll-initiative' | 'enter-initiative', ref: UnitRef): UnitInfo | Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, type, 'roll initiative');
  if (wrong) return wrong;
  const notYours = checkPlayerUnit(actor, ref);
  if (notYours) return notYours;
  if (ref.kind === 'combatant') {
    const c = findCombatant(state, ref.id);
    if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (c.groupId !== null) {
      return refuse('invalid-command', `${c.name} belongs to a group, and the group rolls together: roll for the group.`);
    }
  }
  const unit = unitInfo(state, ref);
  if (!unit) return refuse('unknown-group', 'There is no such group in this encounter.');
  if (unit.members.length === 0) return refuse('invalid-command', `${unit.name} has no members left to roll for.`);
  if (unit.initiative) return refuse('already-rolled', `${unit.name} has already rolled initiative.`);
  return unit;
}

export function rollInitiative(ctx: DecideContext, ref: UnitRef, mode: RollMode = 'normal'): Decision {
  const unit = rollable(ctx, 'roll-initiative', ref);
  return 'ok' in unit ? unit : finish(rollUnit(ctx, draft(ctx), unit, mode, { kind: 'server' }));
}

/** [ENG-21] Faces of real dice, where the 'physicalDice' option lets this actor enter them. */
export function enterInitiative(ctx: DecideContext, ref: UnitRef, values: readonly number[], mode: RollMode = 'normal'): Decision {
  const allowed = physicalDiceOf(ctx.state);
  if (allowed === 'off') return refuse('not-supported', 'This encounter takes no physical dice: roll in the app.');
  if (allowed === 'gm' && ctx.actor.role !== 'gm') {
    return refuse('gm-only', 'Only the GM can enter physical dice in this encounter.');
  }
  const unit = rollable(ctx, 'enter-initiative', ref);
  return 'ok' in unit ? unit : finish(rollUnit(ctx, draft(ctx), unit, mode, { kind: 'physical', values }));
}

export function rollNpcInitiative(ctx: DecideContext): Decision {
  const wrong = requireCommandPhase(ctx, 'roll-npc-initiative', 'roll initiative');
  if (wrong) return wrong;
  const todo = allUnits(ctx.state).filter((u) => u.side !== 'pc' && u.initiative === null && u.members.length > 0);
  if (todo.length === 0) return refuse('already-rolled', 'Every monster and NPC has already rolled initiative.');
  // Each roll sees the generator (and the order) left by the one before.
  const done = todo.reduce<Draft>((d, unit) => {
    const current = unitInfo(d.state, unit.ref);
    const rolled = current ? rollUnit(ctx, d, current, 'normal', { kind: 'server' }) : d;
    // A server roll is never refused: only physical faces are checked.
    return 'ok' in rolled ? d : rolled;
  }, draft(ctx));
  return accept(done.events);
}

export function resolveTie(ctx: DecideContext, order: readonly UnitRef[]): Decision {
  const { state, system } = ctx;
  const wrong = requireCommandPhase(ctx, 'resolve-tie', 'order tied results');
  if (wrong) return wrong;
  if (state.phase === 'active') return resolveNewcomerTie(state, order);
  const distinct = new Set(order.map(unitKey));
  const tie = system
    .pendingTies(state)
    .find((t) => t.length === order.length && distinct.size === order.length && order.every((u) => t.some((x) => sameUnit(x, u))));
  if (!tie) {
    return refuse(
      'not-a-tie',
      'Those results are not one of the ties waiting to be ordered: list every unit of that tie exactly once.',
    );
  }
  return accept([{ type: 'tie-resolved', order }]);
}
