// What uesrpg shows of its own state (`EncounterState.ext`) to an audience, through its `projectExt`
// hook. Joined into `SystemViewExt` by systems/ext.ts. Nothing of a hidden combatant reaches players.
import type { CombatantId, UnitRef } from '../../core/model.js';
import type { DeclaredAction, LuckRollOff } from './state.js';
import type { ApPool, ApRefresh, ExtendedAction, FinalTieResolution, ThreatId } from './types.js';

export interface UesrpgCombatantView {
  readonly surprised: boolean;
  readonly reactedTo: readonly ThreatId[];
  readonly extended: ExtendedAction | null;
  /** The AP the rules count (a newcomer without a pool yet is full); GM and own player only, else null. */
  readonly ap: ApPool | null;
}

export interface UesrpgViewExt {
  readonly system: 'uesrpg';
  readonly apRefresh: ApRefresh;
  /** [UES-1] 'undecided': the GM still has to say who is surprised; rolls and combat wait. */
  readonly surprise: 'undecided' | 'decided';
  /** Visible combatants only. */
  readonly combatants: Readonly<Record<CombatantId, UesrpgCombatantView>>;
  /** [UES-29] The action waiting for reactions, if its declarer is visible. */
  readonly openAction: DeclaredAction | null;
  /** This round's declared actions by visible combatants, oldest first. */
  readonly actions: readonly DeclaredAction[];
  /** [UES-11] Ties the chain cannot break and how each may be settled (visible units, two or more). */
  readonly ties: readonly { readonly units: readonly UnitRef[]; readonly resolutions: readonly FinalTieResolution[] }[];
  readonly lastRollOff: LuckRollOff | null;
}
