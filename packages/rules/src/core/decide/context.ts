// What every command handler gets, and the small tools they share.
import type { Actor, Command } from '../commands.js';
import { phasesOf } from '../phases.js';
import type { Decision, InitiativeSystem } from '../system.js';
import type { EncounterEvent } from '../events.js';
import { evolveWith, type Evolver } from '../evolve.js';
import type { CombatantId, EncounterState, Phase } from '../model.js';
import { violation, type CoreViolationCode, type RuleViolationCode } from '../violations.js';

export interface DecideContext {
  readonly state: EncounterState;
  readonly system: InitiativeSystem;
  readonly actor: Actor;
}

export const accept = (events: readonly EncounterEvent[]): Decision => ({ ok: true, events });

/** A refusal: a core code may leave out its sentence, a system's code brings its own (see `violation`). */
export function refuse(code: CoreViolationCode, message?: string): Decision;
export function refuse(code: RuleViolationCode, message: string): Decision;
export function refuse(code: RuleViolationCode, message?: string): Decision {
  return { ok: false, violation: violation(code as CoreViolationCode, message) };
}

/**
 * Events decided so far and the state they lead to, so later steps see earlier ones. It carries the
 * system's `evolve`, which applies the system's own events among them.
 */
export interface Draft {
  readonly system: Evolver;
  readonly state: EncounterState;
  readonly events: readonly EncounterEvent[];
}

/** An empty draft over `state` (the context's own by default). */
export const draft = (from: { readonly system: Evolver; readonly state: EncounterState }, state: EncounterState = from.state): Draft => ({
  system: from.system,
  state,
  events: [],
});

export const append = (d: Draft, ...events: readonly EncounterEvent[]): Draft => ({
  system: d.system,
  state: events.reduce<EncounterState>((s, e) => evolveWith(d.system, s, e), d.state),
  events: [...d.events, ...events],
});

const PHASE_SENTENCES: Readonly<Record<Phase, string>> = {
  setup: 'The encounter is still being set up.',
  initiative: 'Initiative is being rolled.',
  active: 'Combat is under way.',
  ended: 'The encounter has ended.',
};

/** [ENG-8] A 'wrong-phase' refusal, or undefined when the system's phase table lets `type` in now. */
export const requireCommandPhase = (ctx: Pick<DecideContext, 'state' | 'system'>, type: Command['type'], doing: string): Decision | undefined =>
  requirePhase(ctx.state, phasesOf(ctx.system, type), doing);

/** A 'wrong-phase' refusal, or undefined when the phase is one of `allowed`. */
export function requirePhase(state: EncounterState, allowed: readonly Phase[], doing: string): Decision | undefined {
  if (allowed.includes(state.phase)) return undefined;
  return refuse('wrong-phase', `${PHASE_SENTENCES[state.phase]} You cannot ${doing} now.`);
}

/** Names as the actor may see them: a player never learns a hidden combatant's name from a refusal. */
export function visibleName(state: EncounterState, actor: Actor, id: CombatantId): string | undefined {
  const c = state.combatants.find((x) => x.id === id);
  if (!c) return undefined;
  return actor.role === 'gm' || !c.hidden ? c.name : undefined;
}

export const listNames = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
