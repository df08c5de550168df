// [GEN-18] .. [GEN-24] [GEN-27] [GEN-28] The initiative slots: each ranked result becomes a PC slot or an
// NPC slot, made once and reused every round. A slot says only which side fills it; who fills it is
// chosen when it comes up, from that side's characters who have not acted this round.
import type { CombatantId, EncounterState, Side, SlotId, TurnSlot, UnitRef } from '../../core/model.js';
import { allUnits, isLive, unitInfo, type UnitInfo } from '../../core/units.js';
import { violation, type RuleViolation } from '../../core/violations.js';
import { compareKeys, genesysSide, rankKey } from './ranking.js';
import { DEFAULT_OPTIONS } from './results.js';
import type { GenesysOptions, GenesysSide, GenesysState, RankedResult, RankKey, SlotFill } from './types.js';

/** The model side an open genesys slot carries: `pc`, or `npc` for every NPC (GEN-18). */
const SLOT_SIDE: Readonly<Record<GenesysSide, Side>> = { pc: 'pc', npc: 'npc' };

const openSlot = (id: SlotId, side: GenesysSide): TurnSlot => ({
  id,
  side: SLOT_SIDE[side],
  filler: { kind: 'open', side: SLOT_SIDE[side] },
});

/** [GEN-18] [GEN-24] One open slot per ranked result, in rank order. Kept for every round. */
export const buildSlots = (ranked: readonly RankedResult[], nextId: () => SlotId): readonly TurnSlot[] =>
  ranked.map((r) => openSlot(nextId(), r.key.side));

/**
 * [GEN-27] Each slot's rank key, pairing the slots `buildSlots` made with the ranking they were made from
 * (same order). Stored in the genesys state once combat starts, so newcomers can be placed later.
 */
export function slotKeysOf(slots: readonly TurnSlot[], ranked: readonly RankedResult[]): GenesysState['slotKeys'] {
  const slotKeys: Record<SlotId, RankKey> = {};
  slots.forEach((slot, i) => {
    const key = ranked[i]?.key;
    if (key) slotKeys[slot.id] = key;
  });
  return slotKeys;
}

/**
 * [GEN-26] A group has acted once any of its members has, even one since fallen: minions brought back
 * by healing their pool (GEN-38) do not give the group a second turn in the round.
 */
const hasActed = (state: EncounterState, unit: UnitInfo): boolean => unit.members.some((m) => state.acted.includes(m.id));

/**
 * [GEN-19] [GEN-20] [GEN-22] [GEN-28] Who may fill `slot` now: units of the slot's side that have rolled,
 * are still in the fight and have not acted this round. Empty means the slot is skipped this time; it is
 * never removed, so it is there again next round.
 */
export function eligibleUnits(state: EncounterState, slot: TurnSlot): readonly UnitRef[] {
  switch (slot.filler.kind) {
    case 'open': {
      const side = genesysSide(slot.filler.side);
      return allUnits(state)
        .filter((u) => genesysSide(u.side) === side && u.initiative !== null && isLive(u) && !hasActed(state, u))
        .map((u) => u.ref);
    }
    case 'unit': {
      const unit = unitInfo(state, slot.filler.unit);
      return unit && isLive(unit) && !hasActed(state, unit) ? [unit.ref] : [];
    }
    default: {
      const _exhaustive: never = slot.filler;
      return _exhaustive;
    }
  }
}

/** The engine's `eligibleActors` hook: every standing member of every eligible unit. */
export function eligibleActors(state: EncounterState, slot: TurnSlot): readonly CombatantId[] {
  return eligibleUnits(state, slot).flatMap((ref) =>
    (unitInfo(state, ref)?.members ?? []).filter((m) => !m.defeated).map((m) => m.id),
  );
}

/**
 * [GEN-19] [GEN-20] [GEN-21] [GEN-22] What happens when `slot` comes up: skipped when nobody is eligible,
 * filled at once when one unit is, otherwise a decision for the players (PC slot) or the GM (NPC slot).
 */
export function slotFill(state: EncounterState, slot: TurnSlot): SlotFill {
  const candidates = eligibleUnits(state, slot);
  const [only] = candidates;
  if (!only) return { kind: 'skip' };
  if (candidates.length === 1) return { kind: 'auto', unit: only };
  return { kind: 'choose', decidedBy: genesysSide(slot.side) === 'pc' ? 'players' : 'gm', candidates };
}

/** [GEN-23] The round is over when no slot after `index` has anyone eligible: everyone able to act has acted. */
export const roundOver = (state: EncounterState, index: number): boolean =>
  state.slots.slice(index + 1).every((slot) => eligibleUnits(state, slot).length === 0);

/**
 * [GEN-27] A unit that rolls after combat started adds one slot of its side where its result ranks:
 * after every slot it ranks equal to or below, before the first it ranks above. Whether it acts this round
 * follows from the place, as turns only move forward. Undefined when the unit has not rolled. A slot
 * without a stored key is passed over. The returned key is to be stored for the new slot.
 */
export function placeNewcomer(
  state: EncounterState,
  slotKeys: GenesysState['slotKeys'],
  ref: UnitRef,
  slotId: SlotId,
  options: GenesysOptions = DEFAULT_OPTIONS,
): { readonly slot: TurnSlot; readonly index: number; readonly key: RankKey } | undefined {
  const unit = unitInfo(state, ref);
  if (!unit?.initiative) return undefined;
  const key = rankKey(unit.initiative, unit.side, options);
  const index = state.slots.findIndex((s) => {
    const other = slotKeys[s.id];
    return other !== undefined && compareKeys(key, other) < 0;
  });
  return { slot: openSlot(slotId, key.side), index: index === -1 ? state.slots.length : index, key };
}

/**
 * [GEN-19] [GEN-20] [GEN-26] The `canFill` hook: a claim names one eligible unit, that is one combatant or
 * every standing member of one minion group (a group acts together). Roles are checked by the engine.
 */
export function canFill(state: EncounterState, slot: TurnSlot, combatantIds: readonly CombatantId[]): RuleViolation | undefined {
  const named = new Set(combatantIds);
  const unit = eligibleUnits(state, slot)
    .map((ref) => (unitInfo(state, ref)?.members ?? []).filter((m) => !m.defeated).map((m) => m.id))
    .find((ids) => ids.length === named.size && named.size === combatantIds.length && ids.every((id) => named.has(id)));
  if (unit) return undefined;
  const side = genesysSide(slot.side) === 'pc' ? 'a Player Character' : 'an NPC (or every standing member of one minion group)';
  return violation('not-eligible', `Fill this slot with ${side} still standing who has not acted this round.`);
}
