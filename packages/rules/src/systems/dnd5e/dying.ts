// [DND-16]…[DND-20] D&D 5e's health hooks: bloodied at half, monsters down at 0, PCs dying at 0 with
// death saves (damage at 0 a failure, massive damage death), healing bringing them back.
import type { Actor } from '../../core/commands.js';
import type { EncounterEvent } from '../../core/events.js';
import { pastTemp } from '../../core/health/math.js';
import type { Health } from '../../core/health/model.js';
import type { Combatant, CombatantId, EncounterState, UnitRef } from '../../core/model.js';
import type { CarriedCommand } from '../../core/carry-over.js';
import type { Decision, HealthCommand, HealthEvent } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { violation, type RuleViolation } from '../../core/violations.js';
import { afterDamageAtZero, afterDroppingToZero, FRESH_SAVES, isDead, type DeathSaves } from './death-saves.js';
import type { DeathSavesCause } from './events.js';
import { dnd5eExt } from './state.js';

const savesOf = (state: EncounterState, id: CombatantId): DeathSaves | undefined => dnd5eExt(state).dying[id];

/** [DND-16] [DND-17] Bloodied at half or less; at 0 a PC is dying, stable or dead, anyone else down. */
export function healthState(state: EncounterState, target: UnitRef, health: Health): string {
  if (health.kind !== 'hit-points') return 'hurt';
  if (health.current <= 0) {
    const c = target.kind === 'combatant' ? findCombatant(state, target.id) : undefined;
    if (c?.side !== 'pc') return 'down';
    const saves = savesOf(state, c.id);
    return isDead(saves) ? 'dead' : saves?.stable ? 'stable' : 'dying';
  }
  if (health.current * 2 <= health.max) return 'bloodied';
  return health.current < health.max ? 'hurt' : 'unhurt';
}

/** [DND-17] A PC at 0 is dying and keeps its turn (its death saves); only death takes it out of the fight. */
export function outOfFight(state: EncounterState, c: Combatant): boolean {
  if (c.side === 'pc') return isDead(savesOf(state, c.id));
  return c.health?.kind === 'hit-points' && c.health.current <= 0;
}

const setSaves = (id: CombatantId, cause: DeathSavesCause, before: DeathSaves | null, after: DeathSaves | null): EncounterEvent => ({
  type: 'dnd5e-death-saves-set',
  combatantId: id,
  cause,
  before,
  after,
});

/** [DND-17] [DND-19] [DND-20] What a health fact does to PCs' death saves; `state` already holds the fact. */
export function afterHealth(state: EncounterState, event: HealthEvent): readonly EncounterEvent[] {
  const events: EncounterEvent[] = [];
  for (const change of event.targets) {
    const c = findCombatant(state, change.combatantId);
    const { before, after } = change;
    if (c?.side !== 'pc' || before?.kind !== 'hit-points' || after.kind !== 'hit-points') continue;
    const saves = savesOf(state, c.id) ?? null;
    if (event.type === 'damage-applied') {
      const got = pastTemp(before, change.amount);
      if (before.current > 0 && after.current <= 0) {
        const next = afterDroppingToZero(got - before.current, after.max);
        events.push(setSaves(c.id, isDead(next) ? 'massive-damage' : 'down', saves, next));
      } else if (before.current <= 0 && !isDead(saves ?? undefined)) {
        const now = saves ?? FRESH_SAVES;
        const next = afterDamageAtZero(now, got, after.max, change.critical === true);
        const cause = isDead(next) && got >= after.max ? 'massive-damage' : change.critical ? 'critical-damage' : 'damage';
        if (next !== now) events.push(setSaves(c.id, cause, saves, next));
      }
    } else if (saves && after.current > 0) {
      events.push(setSaves(c.id, 'healed', saves, null));
    }
  }
  return events;
}

/** [DND-20] The dead are beyond healing: the GM brings a character back first (set-defeated false). */
export function checkHealth(state: EncounterState, command: HealthCommand, _actor: Actor): RuleViolation | undefined {
  if (command.type !== 'apply-healing') return undefined;
  const dead = command.targets.map((t) => findCombatant(state, t.combatantId)).find((c) => c?.side === 'pc' && isDead(savesOf(state, c.id)));
  return dead ? violation('dnd5e-dead', `${dead.name} is dead: healing cannot bring them back (the GM can return them to the fight first).`) : undefined;
}

/** [DND-20] The GM returns a dead PC to the fight (a revival): dying at 0 hit points with a fresh tally. */
export function revive(state: EncounterState, combatantId: CombatantId, defeated: boolean, actor: Actor): Decision | undefined {
  const saves = savesOf(state, combatantId);
  const c = findCombatant(state, combatantId);
  if (defeated || actor.role !== 'gm' || !c || state.phase === 'ended' || !isDead(saves)) return undefined;
  return {
    ok: true,
    events: [
      { type: 'defeated-set', combatantId, defeated: false },
      setSaves(combatantId, 'revived', saves ?? null, FRESH_SAVES),
    ],
  };
}

/**
 * [DND-25] [ENG-48] A PC at 0 hit points carries its tally into the next fight: stable stays stable, a
 * dying one keeps its successes and failures, the dead stay dead. A fresh tally needs no command
 * (a PC added at 0 is dying with a fresh tally, DND-17).
 */
export function carriedState(state: EncounterState, c: Combatant): readonly CarriedCommand[] {
  const saves = savesOf(state, c.id);
  if (c.side !== 'pc' || c.health?.kind !== 'hit-points' || c.health.current > 0 || !saves) return [];
  if (!saves.stable && saves.successes === 0 && saves.failures === 0) return [];
  const { successes, failures, stable } = saves;
  return [(combatantId) => ({ type: 'dnd5e-set-death-saves', combatantId, successes, failures, stable })];
}
