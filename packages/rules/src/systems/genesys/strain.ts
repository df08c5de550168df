// [GEN-40] Step 5: "Each Player Character also has a chance to catch their breath and recover strain".
// The chance is a check: a Simple (—) Cool (Presence) or Discipline (Willpower) check, the character's
// choice; each net success recovers one strain. Once per PC per encounter, after it ended; server dice or
// real dice (one face index per die, in the pool's order, GEN-35).
import type { Actor } from '../../core/commands.js';
import { accept, refuse } from '../../core/decide/context.js';
import { readFaces, rollSpecs } from '../../core/dice/spec.js';
import type { EncounterEvent } from '../../core/events.js';
import { healed } from '../../core/health/math.js';
import type { CombatantId, DieFace, EncounterState, Phase } from '../../core/model.js';
import { physicalDiceOf } from '../../core/options.js';
import type { Decision, HealthCommand } from '../../core/system.js';
import { violation, type RuleViolation } from '../../core/violations.js';
import { findCombatant } from '../../core/units.js';
import { GENESYS_STAT_DEFS, poolSpec, simpleCheckPool } from './pool.js';
import { GENESYS_COMMAND_PHASES } from './phases.js';
import { readDice } from './results.js';
import { genesysExt } from './state.js';
import { RECOVERY_SKILLS, type NarrativeDiceSpec, type RecoverySkill } from './types.js';

/** [GEN-40] The characteristic each recovery skill uses. */
const CHARACTERISTIC: Readonly<Record<RecoverySkill, 'presence' | 'willpower'>> = { cool: 'presence', discipline: 'willpower' };

const statOf = (stats: Readonly<Record<string, number>>, key: string): number =>
  stats[key] ?? GENESYS_STAT_DEFS.find((d) => d.key === key)?.default ?? 0;

/** [GEN-40] The Simple (—) check's dice: the skill's characteristic and ranks, no Difficulty. */
export function recoveryDice(stats: Readonly<Record<string, number>>, skill: RecoverySkill): readonly NarrativeDiceSpec[] {
  return poolSpec(simpleCheckPool(statOf(stats, CHARACTERISTIC[skill]), statOf(stats, skill)));
}

/** [GEN-40] Who may still catch their breath: PCs with strain of their own, some of it taken, not yet done this encounter. */
export function mayRecover(state: EncounterState): readonly CombatantId[] {
  if (state.phase !== 'ended' || state.ext.system !== 'genesys') return [];
  const done = genesysExt(state).strainRecovered;
  return state.combatants
    .filter((c) => c.side === 'pc' && !done.includes(c.id) && c.health?.kind === 'wounds' && c.health.strainThreshold !== null && c.health.strain > 0)
    .map((c) => c.id);
}

/**
 * [GEN-31] [GEN-40] After the end, healing takes wounds off (helping the incapacitated); strain comes back
 * only by catching one's breath, once per PC, or the check would mean nothing.
 */
export function checkHealingAfterEnd(state: EncounterState, command: HealthCommand): RuleViolation | undefined {
  if (state.phase !== 'ended' || command.type !== 'apply-healing' || command.track !== 'strain') return undefined;
  return violation('wrong-phase', 'The encounter has ended: strain is recovered by catching one’s breath (a Cool or Discipline check), not healed.');
}

const requiredPhases: readonly Phase[] = GENESYS_COMMAND_PHASES['genesys-recover-strain'];

/** [GEN-40] 'genesys-recover-strain' (the PC's player or the GM), once the encounter has ended. */
export function recoverStrain(
  state: EncounterState,
  command: { readonly combatantId: CombatantId; readonly skill: RecoverySkill; readonly faces?: readonly number[] },
  actor: Actor,
): Decision {
  if (!requiredPhases.includes(state.phase)) {
    return refuse('wrong-phase', 'Strain is recovered once the encounter has ended.');
  }
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (actor.role === 'player' && !actor.combatantIds.includes(c.id)) return refuse('not-your-combatant', 'Only your own character catches their breath.');
  if (!RECOVERY_SKILLS.includes(command.skill)) return refuse('invalid-command', 'Catch your breath with Cool or Discipline.');
  if (!mayRecover(state).includes(c.id)) {
    return refuse('not-eligible', `${c.name} has no strain to recover, or has already caught their breath.`);
  }
  const health = c.health;
  if (health?.kind !== 'wounds') return refuse('not-eligible', `${c.name} has no strain to recover.`);
  const specs = recoveryDice(c.stats, command.skill);
  let dice: readonly DieFace[];
  let rng = state.dice.rng;
  let source: 'server' | 'physical' = 'server';
  if (command.faces) {
    const allowed = physicalDiceOf(state);
    if (allowed === 'off') return refuse('not-supported', 'This encounter takes no physical dice: roll in the app.');
    if (allowed === 'gm' && actor.role !== 'gm') return refuse('gm-only', 'Only the GM can enter physical dice in this encounter.');
    const read = readFaces(specs, command.faces);
    if (typeof read === 'string') return refuse('invalid-dice', read);
    dice = read;
    source = 'physical';
  } else {
    ({ faces: dice, rng } = rollSpecs(rng, specs));
  }
  const net = readDice(dice);
  const recovered = Math.min(net.successes, health.strain);
  const rolled: EncounterEvent = { type: 'genesys-strain-recovered', combatantId: c.id, skill: command.skill, dice, source, rng, successes: net.successes, recovered };
  if (recovered === 0) return accept([rolled]);
  const target = { kind: 'combatant', id: c.id } as const;
  const after = healed(health, recovered, 'strain');
  return accept([rolled, { type: 'healing-applied', track: 'strain', targets: [{ target, combatantId: c.id, amount: recovered, before: health, after }] }]);
}
