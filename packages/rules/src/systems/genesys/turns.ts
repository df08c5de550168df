// [GEN-21] [GEN-25] [GEN-27] [GEN-32] What genesys adds to the engine's turn flow: the ranks of the slots
// (at combat start and for newcomers), a slot with one eligible unit filled without asking, and the GM's
// "does the action go on?" at each round's end.
import { append, type DecideContext, type Draft } from '../../core/decide/context.js';
import { turnStartEffects } from '../../core/decide/flow.js';
import type { EncounterEvent } from '../../core/events.js';
import type { EncounterState, UnitRef } from '../../core/model.js';
import { allUnits, sameUnit, unitInfo } from '../../core/units.js';
import type { RankedSlot } from './events.js';
import { genesysExt } from './state.js';
import { flagsOf } from './options.js';
import { rankKey, rankResults } from './ranking.js';
import { slotFill } from './slots.js';

/** [GEN-25] Whether turns wait for the GM's answer at a round's end (flag `confirmNextRound`). */
export const waitingForGm = (state: EncounterState): boolean =>
  state.phase === 'active' && flagsOf(state).confirmNextRound && genesysExt(state).continueAsked !== null;

/**
 * [GEN-18] [GEN-32] The `onRoundStart` hook. In round 1 the slots were just built from the ranking (same
 * state, same order, GEN-24): record each slot's key and the result it came from.
 */
export function onRoundStart(state: EncounterState): readonly EncounterEvent[] {
  if (state.round !== 1 || Object.keys(genesysExt(state).slotKeys).length > 0) return [];
  const ranked = rankResults(allUnits(state), flagsOf(state));
  const slots = state.slots.flatMap((slot, i): RankedSlot[] => {
    const r = ranked[i];
    return r ? [{ slotId: slot.id, key: r.key, origin: r.unit }] : [];
  });
  return slots.length > 0 ? [{ type: 'genesys-slots-ranked', slots }] : [];
}

/** [GEN-25] The `onRoundEnd` hook: the GM determines whether the action warrants another round. */
export const onRoundEnd = (state: EncounterState): readonly EncounterEvent[] => [
  { type: 'genesys-continue-asked', round: state.round },
];

/**
 * [GEN-27] After a command that may have rolled newcomers during combat: each 'slot-inserted' gets its key
 * and origin, the unit of the 'initiative-rolled' just before it.
 */
export function rankNewcomers(d: Draft): Draft {
  const slots: RankedSlot[] = [];
  let last: UnitRef | undefined;
  for (const e of d.events) {
    if (e.type === 'initiative-rolled') last = e.unit;
    if (e.type !== 'slot-inserted' || !last) continue;
    const unit = unitInfo(d.state, last);
    if (!unit?.initiative || !sameUnit(unit.ref, last)) continue;
    slots.push({ slotId: e.slot.id, key: rankKey(unit.initiative, unit.side, flagsOf(d.state)), origin: last });
  }
  return slots.length > 0 ? append(d, { type: 'genesys-slots-ranked', slots }) : d;
}

/**
 * [GEN-21] The current open slot has exactly one eligible unit: it takes the turn at once, as a claim
 * would (decision closed, 'turn-claimed', turn-start effects). Not while the GM's answer holds turns.
 */
export function autoFill(ctx: DecideContext, d: Draft): Draft {
  const s = d.state;
  const turn = s.turn;
  if (s.phase !== 'active' || !turn || turn.actorIds.length > 0) return d;
  if (!flagsOf(s).autoFillSingle || waitingForGm(s)) return d;
  const slot = s.slots.find((x) => x.id === turn.slotId);
  const decision = s.pending.find((p) => p.kind === 'fill-slot' && p.slotId === turn.slotId);
  if (!slot || !decision) return d;
  const fill = slotFill(s, slot);
  if (fill.kind !== 'auto') return d;
  const actorIds = (unitInfo(s, fill.unit)?.members ?? []).filter((m) => !m.defeated).map((m) => m.id);
  const claimed = append(
    d,
    { type: 'decision-closed', decisionId: decision.id },
    { type: 'turn-claimed', slotId: slot.id, actorIds },
  );
  return turnStartEffects(ctx, claimed, { slotId: slot.id, actorIds });
}
