// [UES-3] [UES-16] [UES-17] [UES-20] [UES-29] The phase hooks: AP refills (per round, or per turn with
// the variant), surprise ending after the first turn, the open action closing with its turn, and the
// round's reaction logs emptied. Each returns facts for the engine to append (ENG-13).
import type { EncounterEvent } from '../../core/events.js';
import type { Combatant, CurrentTurn, EncounterState } from '../../core/model.js';
import { apAtRoundStart, apAtTurnStart } from './ap.js';
import { apPool, combatantExt } from './ext-state.js';
import { uesrpgExt } from './state.js';
import { apRefreshOf } from './options.js';
import { AP_RESOURCE, type ApPool } from './types.js';

/** A 'resource-changed' for each combatant whose AP pool `refill` changes (or who has none yet). */
function refills(combatants: readonly Combatant[], refill: (pool: ApPool) => ApPool): readonly EncounterEvent[] {
  return combatants.flatMap((c) => {
    const pool = apPool(c);
    const next = refill(pool);
    const same = c.resources[AP_RESOURCE] !== undefined && next.current === pool.current && next.max === pool.max;
    return same ? [] : [{ type: 'resource-changed', combatantId: c.id, resource: AP_RESOURCE, ...next } as const];
  });
}

/** [UES-16] Everyone replenishes at the start of each round; [UES-17] the variant only in round 1. */
export const onRoundStart = (state: EncounterState): readonly EncounterEvent[] =>
  refills(state.combatants, (pool) => apAtRoundStart(pool, apRefreshOf(state.options), state.round));

/** [UES-17] The variant: from round 2 on, the actors replenish at the start of their own turn. */
export function onTurnStart(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  const actors = state.combatants.filter((c) => turn.actorIds.includes(c.id));
  return refills(actors, (pool) => apAtTurnStart(pool, apRefreshOf(state.options), state.round));
}

/** [UES-3] The first turn has passed: surprise ends. [UES-29] An action still open closes with its turn. */
export function onTurnEnd(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  const open = uesrpgExt(state).openAction;
  const surprised = turn.actorIds.filter((id) => combatantExt(state, id).surprised);
  return [
    ...(open ? [{ type: 'uesrpg-action-resolved', actionId: open.id } as const] : []),
    ...(surprised.length > 0 ? [{ type: 'uesrpg-surprise-ended', combatantIds: surprised } as const] : []),
  ];
}

/** [UES-20] [UES-26] Threats are per round: the reaction logs and the round's actions empty. */
export function onRoundEnd(state: EncounterState): readonly EncounterEvent[] {
  const ext = uesrpgExt(state);
  const busy = ext.actions.length > 0 || Object.values(ext.combatants).some((c) => c.reactedTo.length > 0);
  return busy ? [{ type: 'uesrpg-round-cleared' }] : [];
}
