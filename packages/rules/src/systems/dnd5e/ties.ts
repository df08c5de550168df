// [DND-8] Ties are people's choices: the engine waits while rolled units share a total and have
// not all been ordered ('tie-resolved', by a person or by a roll-off). Who may order a tie: the GM
// always; the players when the tie is made only of their characters.
import type { Actor } from '../../core/commands.js';
import type { EncounterState, UnitRef } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { allUnits, isHiddenUnit, isLive, sameUnit, unitInfo, unitKey, type UnitInfo } from '../../core/units.js';
import { violation } from '../../core/violations.js';
import { resolveNewcomerTie } from '../../core/decide/newcomer-tie.js';

export function pendingTies(state: EncounterState): readonly (readonly UnitRef[])[] {
  const byTotal = new Map<number, UnitInfo[]>();
  for (const unit of allUnits(state)) {
    if (!unit.initiative || !isLive(unit)) continue;
    const list = byTotal.get(unit.initiative.total) ?? [];
    list.push(unit);
    byTotal.set(unit.initiative.total, list);
  }
  return [...byTotal.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, units]) => units)
    .filter((units) => units.length >= 2 && units.some((u) => u.tieBreak === null))
    .map((units) => units.map((u) => u.ref));
}

/** Who orders a tie: 'players' when every unit is a lone, visible player character; otherwise only the GM. */
export type TieDecider = 'players' | 'gm';

export function tieDecider(state: EncounterState, tie: readonly UnitRef[]): TieDecider {
  const pcOnly = tie.every((ref) => {
    const unit = unitInfo(state, ref);
    return ref.kind === 'combatant' && unit !== undefined && unit.side === 'pc' && !isHiddenUnit(unit);
  });
  return pcOnly ? 'players' : 'gm';
}

export const refuse = (...args: Parameters<typeof violation>): Decision => ({ ok: false, violation: violation(...args) });

/**
 * The pending tie `units` lists exactly (each unit once), or the refusal. These ties exist only while
 * initiative is rolled; a newcomer's tie in combat is a 'newcomer-tie' decision (DND-11, ENG-23).
 */
export function matchTie(state: EncounterState, units: readonly UnitRef[]): readonly UnitRef[] | Decision {
  if (state.phase !== 'initiative') {
    return refuse('wrong-phase', 'Ties are ordered while initiative is rolled, before combat starts.');
  }
  const distinct = new Set(units.map(unitKey)).size === units.length;
  const tie = pendingTies(state).find(
    (t) => distinct && t.length === units.length && units.every((u) => t.some((x) => sameUnit(x, u))),
  );
  return (
    tie ??
    refuse('not-a-tie', 'Those results are not one of the ties waiting to be ordered: list every unit of that tie exactly once.')
  );
}

/**
 * [DND-8] The GM orders any tie. A player orders a tie of player characters only, and only one that
 * includes a character of theirs; any such player may, without waiting for the others (the table
 * agrees out loud; the GM can undo). Checked on the units as listed, before the tie is looked up, so
 * the answer is the same for a hidden unit and for none.
 */
export function mayOrderTie(state: EncounterState, units: readonly UnitRef[], actor: Actor): Decision | undefined {
  if (actor.role === 'gm') return undefined;
  if (tieDecider(state, units) === 'gm') {
    return refuse('gm-only', 'Only the GM can order ties that include creatures other than player characters.');
  }
  if (!units.some((ref) => actor.combatantIds.includes(ref.id))) {
    return refuse('not-your-combatant', 'Only the players of the tied characters (or the GM) can order this tie.');
  }
  return undefined;
}

/**
 * [DND-8] 'resolve-tie' from a player (the GM's goes to the engine). [DND-11] During combat it orders
 * a newcomer's tie (ENG-23), under the same rule: the players when it is made only of their characters.
 */
export function resolveTieByPlayer(state: EncounterState, order: readonly UnitRef[], actor: Actor): Decision {
  const refused = mayOrderTie(state, order, actor);
  if (refused) return refused;
  if (state.phase === 'active') return resolveNewcomerTie(state, order);
  const tie = matchTie(state, order);
  return 'ok' in tie ? tie : { ok: true, events: [{ type: 'tie-resolved', order }] };
}
