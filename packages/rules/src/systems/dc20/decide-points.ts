// dc20's points and benefits: Legendary AP (spent between PC turns; leftovers at the end of the round
// under the Beta Note), the Inspiration Die and the first-round benefits. Rule ids: spec/dc20.md.
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext, type Draft } from '../../core/decide/context.js';
import { rollDie } from '../../core/dice/rng.js';
import { physicalDiceOf } from '../../core/options.js';
import type { Decision } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { spendLap } from './ap.js';
import type { Dc20Command } from './commands.js';
import { gmOnly, ownCombatant } from './decide-setup.js';
import { endWholeTurn } from './decide-turns.js';
import { LAP } from './hooks.js';
import { flagsOf } from './members.js';
import { dc20Ext } from './state.js';
import { INSPIRATION_DIE_SIDES } from './outcomes.js';
import { isDecision, unwrap } from './refusals.js';

type Of<T extends Dc20Command['type']> = Extract<Dc20Command, { type: T }>;

/** The most LAP a monster may have (the Monster Guide's legends have a handful). */
export const MAX_LAP = 10;
/** How many LAP may be spent at one time (the Beta Note says 1 or 2). */
export const MAX_LAP_PER_TURN = 4;

export function setLap(ctx: DecideContext, command: Of<'dc20-set-lap'>): Decision {
  const denied = gmOnly(ctx.actor, 'set Legendary AP') ?? requireCommandPhase(ctx, 'dc20-set-lap', 'set Legendary AP');
  if (denied) return denied;
  const c = findCombatant(ctx.state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  if (!whole(command.max, 0, MAX_LAP) || !whole(command.perTurn, 1, MAX_LAP_PER_TURN)) {
    return refuse('invalid-command', `Legendary AP run from 0 to ${MAX_LAP}, spent 1 to ${MAX_LAP_PER_TURN} at a time.`);
  }
  return accept([
    { type: 'resource-changed', combatantId: c.id, resource: LAP, current: command.max, max: command.max },
    { type: 'dc20-lap-set', combatantId: c.id, perTurn: command.perTurn },
  ]);
}

/** The round-end window closes once nobody is left to decide: then the turn and the round end. */
function closeLeftover(ctx: DecideContext, d: Draft): Decision {
  const window = dc20Ext(d.state).leftoverLap;
  if (!window || window.open.length > 0) return accept(d.events);
  const closed = append(d, { type: 'dc20-leftover-lap-closed', round: window.round });
  const ended = endWholeTurn({ ...ctx, actor: { role: 'gm' } }, closed);
  return accept(isDecision(ended) ? closed.events : ended.events);
}

/** [DC20-38] Between PC turns, up to the monster's amount at a time; in the round-end window, any leftover. */
export function spendLegendary(ctx: DecideContext, command: Of<'dc20-spend-lap'>): Decision {
  const { state } = ctx;
  const denied = gmOnly(ctx.actor, 'spend Legendary AP') ?? requireCommandPhase(ctx, 'dc20-spend-lap', 'spend Legendary AP');
  if (denied) return denied;
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  const pool = c.resources[LAP];
  if (!pool) return refuse('invalid-command', `${c.name} has no Legendary AP.`);
  const ext = dc20Ext(state);
  const flags = flagsOf(state);
  const perTurn = ext.lapPerTurn[c.id] ?? pool.max;
  const lap = { current: pool.current, max: pool.max, perTurn };
  if (ext.leftoverLap) {
    if (!ext.leftoverLap.open.includes(c.id)) return refuse('dc20-lap-not-now', `${c.name} has no leftover Legendary AP to spend now.`);
    const spent = unwrap(spendLap(lap, command.amount, 'round-end', flags));
    if (isDecision(spent)) return spent;
    return closeLeftover(
      ctx,
      append(
        draft(ctx),
        { type: 'resource-changed', combatantId: c.id, resource: LAP, current: spent.current, max: pool.max },
        { type: 'dc20-lap-spent', combatantId: c.id, amount: command.amount, window: 'round-end' },
      ),
    );
  }
  const current = state.slots.find((s) => s.id === state.turn?.slotId);
  if (current?.side === 'pc') return refuse('dc20-lap-not-now', "Legendary AP are spent in-between the PCs' turns, not during one.");
  const already = ext.lapSpent[c.id];
  const used = already?.window === ext.lapWindow ? already.amount : 0;
  const spent = unwrap(spendLap({ ...lap, perTurn: Math.max(perTurn - used, 0) }, command.amount, 'between-pc-turns', flags));
  if (isDecision(spent)) return spent;
  return accept([
    { type: 'resource-changed', combatantId: c.id, resource: LAP, current: spent.current, max: pool.max },
    { type: 'dc20-lap-spent', combatantId: c.id, amount: command.amount, window: ext.lapWindow },
  ]);
}

export function passLegendary(ctx: DecideContext, command: Of<'dc20-pass-lap'>): Decision {
  const denied = gmOnly(ctx.actor, 'pass Legendary AP') ?? requireCommandPhase(ctx, 'dc20-pass-lap', 'pass Legendary AP');
  if (denied) return denied;
  const window = dc20Ext(ctx.state).leftoverLap;
  if (!window?.open.includes(command.combatantId)) return refuse('dc20-lap-not-now', 'No leftover Legendary AP wait for that creature.');
  return closeLeftover(ctx, append(draft(ctx), { type: 'dc20-lap-passed', combatantId: command.combatantId }));
}

/** [DC20-9] The Inspiration Die: a d6 from the generator, or the face of a real one where allowed. */
export function useInspiration(ctx: DecideContext, command: Of<'dc20-use-inspiration'>): Decision {
  const wrong = requireCommandPhase(ctx, 'dc20-use-inspiration', 'use an Inspiration Die');
  if (wrong) return wrong;
  const c = ownCombatant(ctx, command.combatantId, 'use an Inspiration Die');
  if (isDecision(c)) return c;
  if (!(dc20Ext(ctx.state).benefits[c.id] ?? []).includes('inspiration-die')) {
    return refuse('dc20-no-benefit', `${c.name} holds no Inspiration Die.`);
  }
  if (command.face === undefined) {
    const { face, rng } = rollDie(ctx.state.dice.rng, INSPIRATION_DIE_SIDES);
    return accept([{ type: 'dc20-inspiration-used', combatantId: c.id, face, rng }]);
  }
  const allowed = physicalDiceOf(ctx.state);
  if (allowed === 'off') return refuse('not-supported', 'This encounter takes no physical dice: roll in the app.');
  if (allowed === 'gm' && ctx.actor.role !== 'gm') return refuse('gm-only', 'Only the GM can enter physical dice in this encounter.');
  if (!Number.isInteger(command.face) || command.face < 1 || command.face > INSPIRATION_DIE_SIDES) {
    return refuse('invalid-dice', `A d${INSPIRATION_DIE_SIDES} shows a whole number from 1 to ${INSPIRATION_DIE_SIDES}.`);
  }
  return accept([{ type: 'dc20-inspiration-used', combatantId: c.id, face: command.face, rng: null }]);
}

/** [DC20-10] [DC20-11] A first-round benefit is used (ADV taken, or the first attack against made). */
export function useBenefit(ctx: DecideContext, command: Of<'dc20-use-benefit'>): Decision {
  const wrong = requireCommandPhase(ctx, 'dc20-use-benefit', 'use a benefit');
  if (wrong) return wrong;
  const c = ownCombatant(ctx, command.combatantId, 'use a benefit');
  if (isDecision(c)) return c;
  if (!(dc20Ext(ctx.state).benefits[c.id] ?? []).includes(command.kind)) {
    return refuse('dc20-no-benefit', `${c.name} holds no such benefit (first-round benefits end with round 1).`);
  }
  return accept([{ type: 'dc20-benefit-used', combatantId: c.id, kind: command.kind }]);
}
