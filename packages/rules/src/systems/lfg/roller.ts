// [LFG-8] [LFG-9] Who makes the party's Initiative check. One PC rolls for everyone; each new round
// the next PC clockwise rolls; the GM may name someone else; optionally the first roller of a new
// combat rotates too. PCs who cannot roll (incapacitated, fled) are passed over.
import type { CombatantId } from '../../core/model.js';
import type { RollerState } from './types.js';

export type CanRoll = (id: CombatantId) => boolean;

const everyone: CanRoll = () => true;

/** The seating read clockwise starting at `start`; the seating as is when `start` is not seated. */
export function clockwiseFrom<T>(seating: readonly T[], start: T): readonly T[] {
  const at = seating.indexOf(start);
  return at === -1 ? seating : [...seating.slice(at), ...seating.slice(0, at)];
}

/** The first PC clockwise after `after` who can roll; `after` itself only if nobody else can. */
export function nextClockwise(seating: readonly CombatantId[], after: CombatantId, canRoll: CanRoll = everyone): CombatantId | null {
  const ring = clockwiseFrom(seating, after);
  const rest = seating.includes(after) ? [...ring.slice(1), after] : ring;
  return rest.find(canRoll) ?? null;
}

/** A combat starts with `first` as its roller. */
export const startRotation = (seating: readonly CombatantId[], first: CombatantId): RollerState => ({
  seating,
  current: first,
  firstOfCombat: first,
});

/**
 * [LFG-9] Who rolls first in a new combat. With the optional rotation and a known first roller of the
 * previous combat, the next PC clockwise; otherwise null: the table chooses ('choose-roller').
 */
export function firstRollerOfCombat(
  seating: readonly CombatantId[],
  previousFirst: CombatantId | null,
  rotateBetweenCombats: boolean,
  canRoll: CanRoll = everyone,
): CombatantId | null {
  if (!rotateBetweenCombats || previousFirst === null) return null;
  return nextClockwise(seating, previousFirst, canRoll);
}

/** [LFG-8] A new round: the next PC clockwise after whoever rolled last round. */
export function advanceRoller(state: RollerState, canRoll: CanRoll = everyone): RollerState {
  if (state.current === null) return state;
  return { ...state, current: nextClockwise(state.seating, state.current, canRoll) };
}

/**
 * [LFG-8] "Or as the GM decides": the GM names this round's roller. The rotation continues from
 * whoever actually rolled. Undefined when `id` is not a seated PC.
 */
export function overrideRoller(state: RollerState, id: CombatantId): RollerState | undefined {
  if (!state.seating.includes(id)) return undefined;
  return { ...state, current: id, firstOfCombat: state.firstOfCombat ?? id };
}

/** 'set-seating': a new clockwise order must hold exactly the same PCs. */
export function reseat(state: RollerState, seating: readonly CombatantId[]): RollerState | undefined {
  const same = seating.length === state.seating.length && new Set(seating).size === seating.length
    && seating.every((id) => state.seating.includes(id));
  return same ? { ...state, seating } : undefined;
}
