// [DND-18] 'dnd5e-death-save': a dying PC's d20, rolled by the server or read from a real die by its
// player or the GM. A natural 20 brings it back with 1 hit point (the shared healing fact); three
// failures kill it, through the engine's defeat machinery, so undo brings it back as it was.
import type { Actor, Command } from '../../core/commands.js';
import { append, draft, refuse, requirePhase, type DecideContext } from '../../core/decide/context.js';
import { DND5E_COMMAND_PHASES } from './phases.js';
import { settleDefeats } from '../../core/decide/defeats.js';
import { UNKNOWN_COMBATANT } from '../../core/decide/health-targets.js';
import { rollDie } from '../../core/dice/rng.js';
import type { EncounterEvent } from '../../core/events.js';
import { healed } from '../../core/health/math.js';
import type { EncounterState } from '../../core/model.js';
import { physicalDiceOf } from '../../core/options.js';
import type { Decision, InitiativeSystem, ServerDraw } from '../../core/system.js';
import type { SystemEvent } from '../../core/system-types.js';
import { findCombatant } from '../../core/units.js';
import { afterSave, DEATH_SAVES_TO_SETTLE, deathSaveOutcome, FRESH_SAVES, isDead } from './death-saves.js';
import { deathSaveTiming } from './death-save-turn.js';
import { D20 } from './initiative.js';
import { dnd5eExt } from './state.js';

/** The largest bonus or penalty on a death save (Bless is 1d4; room for more). */
export const MAX_DEATH_SAVE_MODIFIER = 10;

type DeathSave = Extract<Command, { type: 'dnd5e-death-save' }>;

/** [ENG-21] Where the d20 comes from: a real die only where the GM lets this actor enter one. */
function checkPhysical(state: EncounterState, actor: Actor, face: number | undefined): Decision | undefined {
  if (face === undefined) return undefined;
  const physical = physicalDiceOf(state);
  if (physical === 'off') return refuse('not-supported', 'Real dice are turned off in this encounter: let the server roll.');
  if (physical === 'gm' && actor.role !== 'gm') return refuse('gm-only', 'Only the GM enters real dice in this encounter.');
  if (!Number.isInteger(face) || face < 1 || face > D20) return refuse('invalid-dice', 'A d20 shows a whole number from 1 to 20.');
  return undefined;
}

export function decideDeathSave(system: InitiativeSystem, state: EncounterState, command: DeathSave, actor: Actor): Decision {
  const wrong = requirePhase(state, DND5E_COMMAND_PHASES['dnd5e-death-save'], 'make death saves');
  if (wrong) return wrong;
  const c = findCombatant(state, command.combatantId);
  // A player never learns of a hidden combatant: refused exactly as one that does not exist.
  if (!c || (actor.role === 'player' && c.hidden)) return refuse('unknown-combatant', UNKNOWN_COMBATANT);
  if (actor.role === 'player' && !actor.combatantIds.includes(c.id)) {
    return refuse('not-your-combatant', 'You can only make death saves for your own character.');
  }
  const saves = dnd5eExt(state).dying[c.id] ?? FRESH_SAVES;
  const atZero = c.side === 'pc' && c.health?.kind === 'hit-points' && c.health.current <= 0;
  if (!atZero || saves.stable || isDead(saves)) {
    return refuse('dnd5e-not-dying', `${c.name} is not dying: only a character at 0 hit points, not yet stable, makes death saves.`);
  }
  const timing = deathSaveTiming(state, c.id);
  if (timing === 'not-their-turn') {
    return refuse('dnd5e-not-their-turn', `${c.name} makes a death save at the start of their own turn, not now.`);
  }
  if (timing === 'made') {
    return refuse('dnd5e-death-save-made', `${c.name} makes no more death saves this turn: the next one comes at the start of their next turn.`);
  }
  const modifier = command.modifier ?? 0;
  if (!Number.isInteger(modifier) || Math.abs(modifier) > MAX_DEATH_SAVE_MODIFIER) {
    return refuse('invalid-command', `A death save modifier is a whole number from -${MAX_DEATH_SAVE_MODIFIER} to ${MAX_DEATH_SAVE_MODIFIER}.`);
  }
  const physical = checkPhysical(state, actor, command.face);
  if (physical) return physical;
  const rolled = command.face === undefined ? rollDie(state.dice.rng, D20) : { face: command.face, rng: state.dice.rng };
  const outcome = deathSaveOutcome(rolled.face, modifier);
  const after = afterSave(saves, outcome);
  const events: EncounterEvent[] = [
    {
      type: 'dnd5e-death-save-rolled',
      combatantId: c.id,
      dice: [{ sides: D20, face: rolled.face }],
      modifier,
      total: rolled.face + modifier,
      source: command.face === undefined ? 'server' : 'physical',
      outcome,
      before: saves,
      after,
      rng: rolled.rng,
    },
  ];
  if (after === null && c.health) {
    const target = { kind: 'combatant', id: c.id } as const;
    const back = { target, combatantId: c.id, amount: 1, before: c.health, after: healed({ ...c.health, current: 0 }, 1, 'hp') };
    events.push({ type: 'healing-applied', track: 'hp', targets: [back] });
  }
  const ctx: DecideContext = { state, system, actor };
  const d = append(draft(ctx), ...events);
  return { ok: true, events: settleDefeats(system, state, d, { combatants: [c.id], pools: [] }).events };
}

/** [ENG-22] A server-rolled death save's d20, for `verifyDice`. */
export function deathSaveDice(event: SystemEvent): ServerDraw | undefined {
  if (event.type !== 'dnd5e-death-save-rolled' || event.source !== 'server') return undefined;
  return { dice: event.dice, rng: event.rng };
}

type SetDeathSaves = Extract<Command, { type: 'dnd5e-set-death-saves' }>;

/**
 * [DND-25] The GM sets the tally of a PC at 0 hit points: 0–2 successes (a third makes it stable, which
 * starts the tally again), 0–3 failures (three: dead, through the defeat machinery), or stable with an
 * empty tally. Setup, initiative and combat, like the other health commands (ENG-28).
 */
export function setDeathSaves(system: InitiativeSystem, state: EncounterState, command: SetDeathSaves, actor: Actor): Decision {
  const wrong = requirePhase(state, DND5E_COMMAND_PHASES['dnd5e-set-death-saves'], 'set death saves');
  if (wrong) return wrong;
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM sets death saves; players roll them.');
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', UNKNOWN_COMBATANT);
  if (c.side !== 'pc' || c.health?.kind !== 'hit-points' || c.health.current > 0) {
    return refuse('dnd5e-not-dying', `${c.name} is not at 0 hit points: only a character there has death saves.`);
  }
  const { successes, failures, stable } = command;
  const fits = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;
  if (!fits(successes, DEATH_SAVES_TO_SETTLE - 1) || !fits(failures, DEATH_SAVES_TO_SETTLE)) {
    return refuse('invalid-command', `Death saves count 0 to ${DEATH_SAVES_TO_SETTLE - 1} successes and 0 to ${DEATH_SAVES_TO_SETTLE} failures.`);
  }
  if (stable && (successes > 0 || failures > 0)) return refuse('invalid-command', 'A stable character has no successes or failures counted.');
  const before = dnd5eExt(state).dying[c.id] ?? null;
  const after = { successes, failures, stable };
  const event: EncounterEvent = { type: 'dnd5e-death-saves-set', combatantId: c.id, cause: 'set', before, after };
  const d = append(draft({ state, system }), event);
  return { ok: true, events: settleDefeats(system, state, d, { combatants: [c.id], pools: [] }).events };
}
