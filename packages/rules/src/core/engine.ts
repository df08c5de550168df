// The engine for a set of systems: the core's functions, each handed the encounter's own system.
// The core never imports a system; the registry (src/registry.ts) composes the five and calls this,
// as boardgame.io hands its game to the reducer. A test can compose its own set the same way.
import type { Actor, Command } from './commands.js';
import { checkedReplayWith, type CheckedReplay } from './check/checked-replay.js';
import { createEncounterWith, type CreateEncounterParams } from './create.js';
import { decideWith } from './decide.js';
import type { DecideMoment } from './decide/timer.js';
import { verifyDiceWith, type DiceVerification } from './dice/verify.js';
import type { EncounterEvent } from './events.js';
import { evolveWith } from './evolve.js';
import { forgetReplacedViews } from './unit-views.js';
import type { EncounterState, SystemId } from './model.js';
import { audienceParts, forgetReplacedSights, projectWith, type AudienceParts } from './project.js';
import type { Decision, InitiativeSystem } from './system.js';
import { carryOut, type CarriedCombatant, type RestPart } from './carry-over.js';
import type { Audience, EncounterView } from './view.js';
import { violation } from './violations.js';

export interface Engine {
  /** The ids of the systems this engine runs, in registration order. */
  readonly systemIds: readonly SystemId[];
  getSystem(id: SystemId): InitiativeSystem | undefined;
  /** The first event of an encounter. Throws for a system this engine does not run (a bug: check first). */
  createEncounter(params: CreateEncounterParams): Extract<EncounterEvent, { type: 'encounter-created' }>;
  /** The events a command leads to, or a rule violation; never throws for a bad command. */
  /** `moment`: the server's clock and whether the turn timer issues the command ([ENG-39], [ENG-41]). */
  decide(state: EncounterState, command: Command, actor: Actor, moment?: DecideMoment): Decision;
  /** Applies one fact; throws when the fact cannot apply (a corrupt log is a bug, not a refusal). */
  evolve(state: EncounterState | undefined, event: EncounterEvent): EncounterState;
  replay(events: readonly EncounterEvent[]): EncounterState;
  /** [ENG-46] A log from outside replayed with the rules' checks: the state, or the first event that fails and why. */
  checkedReplay(events: readonly EncounterEvent[]): CheckedReplay;
  project(state: EncounterState, audience: Audience): EncounterView;
  /** The parts of `project`'s view that depend on the audience (what tells two seats' views apart). */
  audienceParts(state: EncounterState, audience: Audience): AudienceParts;
  verifyDice(events: readonly EncounterEvent[]): DiceVerification;
  /** [ENG-48] What combatant `combatantId` brings into the next fight, less what `restores` restores; undefined: no such combatant. */
  carryOver(state: EncounterState, combatantId: string, restores: readonly RestPart[]): CarriedCombatant | undefined;
}

export function createEngine(systems: readonly InitiativeSystem[]): Engine {
  const byId = new Map<SystemId, InitiativeSystem>();
  for (const system of systems) {
    if (byId.has(system.id)) throw new Error(`Two systems share the id '${system.id}'.`);
    byId.set(system.id, system);
  }
  const systemOf = (id: SystemId): InitiativeSystem => {
    const system = byId.get(id);
    if (!system) throw new Error(`The system '${id}' is not implemented.`);
    return system;
  };
  const evolve = (state: EncounterState | undefined, event: EncounterEvent): EncounterState => {
    const id = state ? state.system : event.type === 'encounter-created' ? event.system : undefined;
    if (id === undefined) throw new Error(`The first event must be 'encounter-created', not '${event.type}'.`);
    const next = evolveWith(systemOf(id), state, event);
    // The states a room or a replay moves on from (not decide's drafts): what was kept for their
    // replaced units and lists goes.
    if (state) {
      forgetReplacedViews(state, next);
      forgetReplacedSights(state, next);
    }
    return next;
  };

  return {
    systemIds: [...byId.keys()],
    getSystem: (id) => byId.get(id),
    createEncounter: (params) => createEncounterWith(systemOf(params.system), params),
    decide: (state, command, actor, moment) => {
      const system = byId.get(state.system);
      if (!system) return { ok: false, violation: violation('invalid-command', `This server cannot run the rules of "${state.system}".`) };
      return decideWith(system, state, command, actor, moment);
    },
    evolve,
    replay: (events) => {
      const state = events.reduce<EncounterState | undefined>(evolve, undefined);
      if (!state) throw new Error('Cannot replay an encounter without events.');
      return state;
    },
    checkedReplay: (events) => checkedReplayWith((state) => systemOf(state.system), evolve, events),
    project: (state, audience) => projectWith(systemOf(state.system), state, audience),
    audienceParts: (state, audience) => audienceParts(systemOf(state.system), state, audience),
    verifyDice: (events) => verifyDiceWith((id) => byId.get(id), events),
    carryOver: (state, combatantId, restores) => {
      const c = state.combatants.find((x) => x.id === combatantId);
      return c && carryOut(c, restores, systemOf(state.system).carriedState?.(state, c));
    },
  };
}
