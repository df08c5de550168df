// The invariants every system's property tests check over random runs (replay, undo/redo, hidden
// combatants, one turn per round), and the loop that plays a run's steps through decide/evolve.
// Shared so each *-properties.test.ts only says what is its own: its steps and its extra checks.
import { expect } from 'vitest';
import {
  audienceParts,
  decide,
  evolve,
  getSystem,
  project,
  replay,
  type Actor,
  type Command,
  type EncounterEvent,
  type EncounterState,
} from '../src/index.js';
import { audiencePartsUnitByUnit } from '../src/core/project.js';

const GM: Actor = { role: 'gm' };

/** A concrete command and who sends it, as a run's step becomes once it sees the state. */
export interface Move {
  readonly command: Command;
  readonly actor: Actor;
}

/** Called after every accepted command with the states around it and the events it produced. */
export type Check = (before: EncounterState, events: readonly EncounterEvent[], after: EncounterState, command: Command) => void;

export interface Run {
  readonly state: EncounterState;
  readonly log: readonly EncounterEvent[];
}

/**
 * Plays `steps` from the encounter `start` builds: each step becomes a move for the current state
 * (or none, to skip it); a refusal must say why, an accepted command's events are kept and checked.
 */
export function playSteps<S>(
  start: readonly EncounterEvent[],
  steps: readonly S[],
  toMove: (state: EncounterState, step: S, index: number) => Move | undefined,
  check: Check,
): Run {
  const log: EncounterEvent[] = [...start];
  let state = replay(log);
  steps.forEach((step, i) => {
    const move = toMove(state, step, i);
    if (!move) return;
    let decision;
    try {
      decision = decide(state, move.command, move.actor);
    } catch (error) {
      // Name the command: fast-check's shrunk counterexample alone does not say which one threw.
      throw new Error(`${move.command.type} threw: ${String(error)}`);
    }
    if (!decision.ok) {
      expect(decision.violation.message.length).toBeGreaterThan(0);
      return;
    }
    const before = state;
    state = decision.events.reduce<EncounterState>((s, e) => evolve(s, e), state);
    log.push(...decision.events);
    check(before, decision.events, state, move.command);
  });
  return { state, log };
}

/** A log that starts with `first` and the GM's `commands`, each of which must be accepted. */
export function setupLog(first: EncounterEvent, commands: readonly Command[]): EncounterEvent[] {
  const log = [first];
  let state = replay(log);
  for (const command of commands) {
    const events = accepted(state, command);
    state = events.reduce<EncounterState>((s, e) => evolve(s, e), state);
    log.push(...events);
  }
  return log;
}

function accepted(state: EncounterState, command: Command): readonly EncounterEvent[] {
  const d = decide(state, command, GM);
  if (!d.ok) throw new Error(`${command.type} refused: ${d.violation.message}`);
  return d.events;
}

/** The GM's command applied; it must be accepted. */
export const applyAsGm = (state: EncounterState, command: Command): EncounterState =>
  accepted(state, command).reduce<EncounterState>((s, e) => evolve(s, e), state);

/** [ENG-1] [ENG-2] A run's log replays to the state it built step by step. */
export function expectReplayMatches(run: Run): void {
  expect(replay(run.log)).toEqual(run.state);
}

// Undo records where it came from in the history, so only the rest must match the earlier state.
const withoutHistory = ({ history: _history, ...rest }: EncounterState) => rest;

/**
 * [ENG-18] After a command (not an undo's own bookkeeping, nor after the end), undo gives back the
 * state before and redo the state after. Returns the undone state for further checks, if it ran.
 */
export function expectUndoRedo(before: EncounterState, events: readonly EncounterEvent[], after: EncounterState): EncounterState | undefined {
  if (after.phase === 'ended' || events[0]?.type !== 'command-applied') return undefined;
  const undone = applyAsGm(after, { type: 'undo' });
  expect(withoutHistory(undone)).toEqual(withoutHistory(before));
  expect(applyAsGm(undone, { type: 'redo' })).toEqual(after);
  return undone;
}

export interface HiddenCheck {
  /** Also a group whose members are all hidden (systems that show groups by id and name). */
  readonly groups?: boolean;
  /** Look for a hidden combatant's name anywhere, not only as a whole JSON string. */
  readonly bareNames?: boolean;
}

/**
 * [ENG-6] The spectator's and an all-seeing player's views (as JSON) never name a hidden
 * combatant by id or name. Returns those views so a system can look for its own secrets too.
 */
export function expectHiddenAbsent(state: EncounterState, options: HiddenCheck = {}): readonly string[] {
  const hidden = state.combatants.filter((c) => c.hidden);
  const hiddenGroups = options.groups
    ? state.groups.filter((g) => state.combatants.filter((c) => c.groupId === g.id).every((c) => c.hidden))
    : [];
  const audiences = [{ role: 'spectator' } as const, { role: 'player', combatantIds: state.combatants.map((c) => c.id) } as const];
  return audiences.map((audience) => {
    const json = JSON.stringify(project(state, audience));
    for (const c of hidden) {
      expect(json).not.toContain(`"${c.id}"`);
      expect(json).not.toContain(options.bareNames ? c.name : `"${c.name}"`);
    }
    for (const g of hiddenGroups) {
      expect(json).not.toContain(`"${g.id}"`);
      expect(json).not.toContain(`"${g.name}"`);
    }
    return json;
  });
}

/**
 * [ENG-44] A seat's view differs from the spectator's only in the audience's parts (`audienceParts`):
 * every other key of the two views holds equal values, and the parts are the views' own, in the views'
 * key order. The server counts a seat's own part from these parts alone (apps/server audience-versions.ts).
 */
export function expectSeatsDifferOnlyInAudienceParts(state: EncounterState): void {
  const system = getSystem(state.system);
  if (!system) throw new Error(`no system ${state.system}`);
  const spectator = project(state, { role: 'spectator' });
  const seats = state.combatants.filter((c) => c.side === 'pc').map((c) => ({ role: 'player', combatantIds: [c.id] }) as const);
  for (const audience of [{ role: 'spectator' } as const, ...seats]) {
    const view = project(state, audience);
    const parts = audienceParts(state, audience);
    expect(Object.keys(view).filter((key) => key in parts)).toEqual(Object.keys(parts));
    const rest = Object.fromEntries(Object.entries(view).filter(([key]) => !(key in parts)));
    const restOfSpectator = Object.fromEntries(Object.entries(spectator).filter(([key]) => !(key in parts)));
    expect(rest).toEqual(restOfSpectator);
    expect(parts).toEqual(Object.fromEntries(Object.keys(parts).map((key) => [key, view[key as keyof typeof view]])));
    // A player's parts are the spectator's with their own units swapped in: the same as made unit by unit.
    expect(parts).toEqual(audiencePartsUnitByUnit(system, state, audience));
  }
}

/** The slots that have someone to act in them now, in order: who must get a turn in a whole round. */
export function eligibleSlotIds(state: EncounterState): string[] {
  const system = getSystem(state.system);
  return state.slots.filter((slot) => (system?.eligibleActors(state, slot).length ?? 0) > 0).map((x) => x.id);
}

export interface RoundTurnsOptions {
  /** Events that only pass turns; any other disturbs the round, so it need not give everyone a turn. */
  readonly isFlow: (type: string) => boolean;
  /** Whether a whole round from `state` must give every eligible slot a turn (default: always). */
  readonly wholeRoundCounts?: (state: EncounterState) => boolean;
  /** Also check that no combatant starts two turns in a round (systems where a slot is one actor's). */
  readonly perCombatant?: boolean;
  /**
   * Whether a slot may start once per actor in it, one turn after another (UES-35: a group's members
   * each take their own turn in its place). Such a slot never starts again after another slot did,
   * and no combatant starts two turns in a round (checked whatever `perCombatant` says).
   */
  readonly turnPerMember?: (state: EncounterState) => boolean;
}

/**
 * [ENG-9] Bookkeeping of one run's rounds, fed each event with the state it applies to: no slot
 * starts twice in a round, and an undisturbed round gives every eligible slot one turn.
 */
export class RoundTurns {
  private started: string[] = [];
  private acted: string[] = [];
  private undisturbed = true;
  // Undo and redo move the round back or forth: stop counting until the next round starts.
  private tracking = true;

  constructor(private readonly options: RoundTurnsOptions) {}

  see(state: EncounterState, e: EncounterEvent): void {
    if (e.type === 'round-started') {
      if (e.round > 1 && this.undisturbed && (this.options.wholeRoundCounts?.(state) ?? true)) {
        // Who must have had a turn: the slots with someone to act once nobody has acted yet.
        expect([...new Set(this.started)]).toEqual(eligibleSlotIds({ ...state, acted: [] }));
      }
      this.started = [];
      this.acted = [];
      this.undisturbed = true;
      this.tracking = true;
    } else if (e.type === 'turn-started') {
      if (this.tracking) {
        const perMember = this.options.turnPerMember?.(state) ?? false;
        // A slot taken member by member starts again only right after itself.
        if (!perMember || this.started.at(-1) !== e.slotId) expect(this.started).not.toContain(e.slotId);
        if (this.options.perCombatant || perMember) for (const id of e.actorIds) expect(this.acted).not.toContain(id);
      }
      this.started.push(e.slotId);
      this.acted.push(...e.actorIds);
    } else if (e.type === 'undone' || e.type === 'redone') {
      this.tracking = false;
      this.undisturbed = false;
    } else if (!this.options.isFlow(e.type)) {
      this.undisturbed = false;
    }
  }
}
