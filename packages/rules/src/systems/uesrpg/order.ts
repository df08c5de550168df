// [UES-8] [UES-14] [UES-15] A fixed order of unit slots, highest initiative first by the tie-break
// chain, then people's decided order. Rolled once per combat and kept every round; each character
// takes one turn (a slot's actors are its members still standing). A newcomer rolls and goes before
// the first slot the chain puts after it; what the chain cannot separate is people's choice (UES-11),
// so its place after those units is provisional. If that place has passed, it first acts next round.
import { fixedOrder } from '../../core/fixed-order.js';
import { compareInitiative } from './ties.js';

export const { buildSlots, eligibleActors, placeNewcomer } = fixedOrder(compareInitiative);
