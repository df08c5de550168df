// Hand-built genesys encounters for the pure functions' tests (whole encounters: test/genesys-*.test.ts).
import type { Combatant, DieFace, EncounterState, InitiativeRoll, Side } from '../../core/model.js';
import { scoreInitiative } from './initiative.js';
import { NARRATIVE_FACES } from './narrative-dice.js';
import { initialGenesysExt } from './state.js';
import type { NarrativeDieKind } from './types.js';

/** A die showing the first face of `kind` whose glyphs are exactly `glyphs` ('' for a blank). */
export function showing(kind: NarrativeDieKind, glyphs: string): DieFace {
  const index = NARRATIVE_FACES[kind].findIndex((f) => f.join('') === glyphs);
  if (index === -1) throw new Error(`No ${kind} face shows '${glyphs}'.`);
  return { sides: NARRATIVE_FACES[kind].length, face: index + 1, kind };
}

export const rolled = (...dice: DieFace[]): InitiativeRoll => ({ ...scoreInitiative(dice), source: 'physical' });

export function combatant(
  id: string,
  side: Side,
  initiative: InitiativeRoll | null,
  more: Partial<Combatant> = {},
): Combatant {
  return {
    id,
    name: id,
    side,
    groupId: null,
    hidden: false,
    defeated: false,
    stats: {},
    note: '',
    initiative,
    tieBreak: null,
    resources: {},
    conditions: [],
    health: null,
    ...more,
  };
}

export function encounter(combatants: readonly Combatant[], more: Partial<EncounterState> = {}): EncounterState {
  return {
    id: 'enc-g',
    name: 'Ambush at the spaceport',
    system: 'genesys',
    options: { signedNetRanking: false },
    phase: 'active',
    round: 1,
    combatants,
    groups: [],
    slots: [],
    turn: null,
    acted: [],
    dice: { rng: [1, 2, 3, 4], seedCommitment: '0'.repeat(64), seed: '0'.repeat(32) },
    nextId: 100,
    pending: [],
    ext: initialGenesysExt(),
    history: { past: [], future: [] },
    ...more,
  };
}
