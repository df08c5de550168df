// [UES-3] [UES-16] [UES-17] [UES-20] What happens to each combatant's uesrpg state in the engine's
// phase hooks. Each is a pure step over one combatant; the engine maps it over the roster.
import { apAtRoundStart, apAtTurnStart, fullPool } from './ap.js';
import { maxAp } from './ratings.js';
import type { ApRefresh, UesrpgCombatantState } from './types.js';

/** At combat start, and for a newcomer joining later: full AP, surprised only if the GM said so. */
export const initialCombatantState = (stats: Readonly<Record<string, number>>, surprised: boolean): UesrpgCombatantState => ({
  ap: fullPool(maxAp(stats)),
  surprised,
  reactedTo: [],
  extended: null,
});

export const onRoundStart = (c: UesrpgCombatantState, mode: ApRefresh, round: number): UesrpgCombatantState => ({
  ...c,
  ap: apAtRoundStart(c.ap, mode, round),
});

/** For each actor of the turn that starts. */
export const onTurnStart = (c: UesrpgCombatantState, mode: ApRefresh, round: number): UesrpgCombatantState => ({
  ...c,
  ap: apAtTurnStart(c.ap, mode, round),
});

/** [UES-3] For each actor of the turn that ends: its first turn has passed, so surprise is over. */
export const onTurnEnd = (c: UesrpgCombatantState): UesrpgCombatantState => (c.surprised ? { ...c, surprised: false } : c);

/**
 * [UES-20] The round is over whatever AP remain (roundStart mode refills them next; the variant keeps
 * them for reactions until the combatant's own turn). Threats are per round, so the log empties.
 * Conditions lasting "until the end of the round" are the core's: expiry `round-end`.
 */
export const onRoundEnd = (c: UesrpgCombatantState): UesrpgCombatantState => ({ ...c, reactedTo: [] });

