// Tiny: 1d6 + Speed, highest first, the order kept every round (the core's fixed order).
import { parseFlags } from '../../src/core/flags.js';
import { fixedOrder } from '../../src/core/fixed-order.js';
import type { InitiativeSystem } from '../../src/core/system.js';
import { decideTiny } from './decide.js';
import { evolveTiny } from './evolve.js';
import { tinyMeta } from './meta.js';
import { projectTiny } from './project.js';
import { initialTinyExt } from './state.js';

const D6 = 6;
const { buildSlots, eligibleActors, placeNewcomer } = fixedOrder((a, b) => b.total - a.total);

export const tiny: InitiativeSystem = {
  ...tinyMeta,
  parseOptions: (raw) => parseFlags(tinyMeta.flags, raw),
  initialExt: initialTinyExt,
  conditionExpiry: 'round-end',
  initiativeDice: () => [{ sides: D6, count: 1 }],
  scoreInitiative: (_state, unit, faces, mode) => {
    const kept = faces[0]?.face ?? 0;
    const modifier = unit.members[0]?.stats['speed'] ?? 0;
    return { dice: faces, kept, modifier, total: kept + modifier, mode };
  },
  pendingTies: () => [],
  buildSlots,
  eligibleActors,
  placeNewcomer,
  decide: decideTiny,
  evolve: evolveTiny,
  projectExt: projectTiny,
};
