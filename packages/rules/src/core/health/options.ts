// [ENG-28] [ENG-32] The engine's health options, beside `physicalDice` in every encounter's options:
// whether players may damage and heal their own characters, and what players and spectators see of
// health that is not their own. The GM always sees every number.
import type { FlagDef } from '../flags.js';
import type { EncounterState } from '../model.js';

/** What an audience sees of someone's health: the numbers, the system's state only, or nothing. */
export const HEALTH_VIEWS = ['numbers', 'states', 'none'] as const;
export type HealthViewMode = (typeof HEALTH_VIEWS)[number];

export const PLAYERS_DAMAGE_HEAL_OPTION = 'playersDamageHeal';
export const NPC_HEALTH_VIEW_OPTION = 'npcHealthView';
export const PARTY_HEALTH_VIEW_OPTION = 'partyHealthView';

/**
 * Defaults: players apply damage and healing to their own characters (at a real table they do);
 * enemies' and NPCs' health shows as states only (exact enemy numbers are the GM's); the party sees
 * each other's numbers (they would say them out loud anyway).
 */
export const HEALTH_FLAGS: Readonly<Record<string, FlagDef>> = {
  [PLAYERS_DAMAGE_HEAL_OPTION]: { kind: 'boolean', default: true },
  [NPC_HEALTH_VIEW_OPTION]: { kind: 'choice', values: HEALTH_VIEWS, default: 'states' },
  [PARTY_HEALTH_VIEW_OPTION]: { kind: 'choice', values: HEALTH_VIEWS, default: 'numbers' },
};

export interface HealthOptions {
  readonly playersDamageHeal: boolean;
  /** How players and spectators see non-PC combatants (and groups). */
  readonly npcHealthView: HealthViewMode;
  /** How players and spectators see PCs that are not their own. */
  readonly partyHealthView: HealthViewMode;
}

const isView = (v: unknown): v is HealthViewMode => HEALTH_VIEWS.some((x) => x === v);

/** The encounter's health options; an encounter made before they existed reads the defaults. */
export function healthOptionsOf(state: Pick<EncounterState, 'options'>): HealthOptions {
  const o = state.options;
  const players = o[PLAYERS_DAMAGE_HEAL_OPTION];
  const npc = o[NPC_HEALTH_VIEW_OPTION];
  const party = o[PARTY_HEALTH_VIEW_OPTION];
  return {
    playersDamageHeal: typeof players === 'boolean' ? players : true,
    npcHealthView: isView(npc) ? npc : 'states',
    partyHealthView: isView(party) ? party : 'numbers',
  };
}
