// [DND-24] Surprise worked out from Stealth against passive Perception: "The GM compares the Dexterity
// (Stealth) checks of anyone hiding with the passive Wisdom (Perception) score of each creature on the
// opposing side. Any character or monster that doesn't notice a threat is surprised." The result is
// written as the ordinary surprise marks (DND-9), which the GM can still change one by one.
import { allowsPhase } from '../../core/phases.js';
import { DND5E_COMMAND_PHASES } from './phases.js';
import type { Actor, Command } from '../../core/commands.js';
import { rollDie } from '../../core/dice/rng.js';
import type { EncounterEvent } from '../../core/events.js';
import type { CombatantId, DieFace, EncounterState } from '../../core/model.js';
import type { Decision, ServerDraw } from '../../core/system.js';
import type { SystemEvent } from '../../core/system-types.js';
import { findCombatant, unitInfo } from '../../core/units.js';
import { D20, dexModifier } from './initiative.js';
import { isSurprised, surpriseModeOf } from './surprise.js';
import { refuse } from './ties.js';

/** Bounds of an entered Stealth total or modifier and of a passive Perception. */
export const MAX_STEALTH_TOTAL = 60;
export const MAX_STEALTH_MODIFIER = 30;
export const MIN_PASSIVE = 1;
export const MAX_PASSIVE = 40;
/** [DND-24] Passive Perception when the GM gives none: 10 + modifiers, the modifiers unknown (0). */
export const DEFAULT_PASSIVE_PERCEPTION = 10;
/** The most hiders or observers one resolution names. */
export const MAX_SURPRISE_ENTRIES = 100;

export interface StealthCheck {
  readonly combatantId: CombatantId;
  /** The d20 the server rolled; empty when the GM entered the total. */
  readonly dice: readonly DieFace[];
  readonly modifier: number;
  readonly total: number;
  readonly source: 'server' | 'entered';
}

export interface PerceptionResult {
  readonly combatantId: CombatantId;
  readonly passive: number;
  readonly surprised: boolean;
}

type ResolveSurprise = Extract<Command, { type: 'dnd5e-resolve-surprise' }>;

const whole = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/**
 * [DND-24] A creature notices a hider when its passive Perception beats that hider's Stealth total
 * (the passive score is the DC; a Stealth check that meets it succeeds). It is surprised when it
 * notices none of them; noticing any one threat is enough not to be.
 */
export const surprisedBy = (passive: number, stealth: readonly number[]): boolean =>
  stealth.length > 0 && stealth.every((total) => total >= passive);

function checkEntries(state: EncounterState, command: ResolveSurprise): Decision | undefined {
  const seen = new Set<string>();
  const entries = [...command.stealth.map((e) => e.combatantId), ...(command.perception ?? []).map((e) => e.combatantId)];
  if (entries.length > 2 * MAX_SURPRISE_ENTRIES) return refuse('invalid-command', 'Too many combatants in one resolution.');
  for (const id of entries) {
    if (!findCombatant(state, id)) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (seen.has(id)) return refuse('invalid-command', 'Each combatant is listed once: as a hider or as an observer.');
    seen.add(id);
  }
  for (const e of command.stealth) {
    if (e.total !== undefined && !whole(e.total, -MAX_STEALTH_TOTAL, MAX_STEALTH_TOTAL)) {
      return refuse('invalid-command', `A Stealth total is a whole number from -${MAX_STEALTH_TOTAL} to ${MAX_STEALTH_TOTAL}.`);
    }
    if (e.modifier !== undefined && !whole(e.modifier, -MAX_STEALTH_MODIFIER, MAX_STEALTH_MODIFIER)) {
      return refuse('invalid-command', `A Stealth modifier is a whole number from -${MAX_STEALTH_MODIFIER} to ${MAX_STEALTH_MODIFIER}.`);
    }
  }
  for (const e of command.perception ?? []) {
    if (!whole(e.passive, MIN_PASSIVE, MAX_PASSIVE)) {
      return refuse('invalid-command', `A passive Perception is a whole number from ${MIN_PASSIVE} to ${MAX_PASSIVE}.`);
    }
  }
  return undefined;
}

/** [DND-24] 'dnd5e-resolve-surprise': the GM only, before combat starts. */
export function resolveSurprise(state: EncounterState, command: ResolveSurprise, actor: Actor): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM decides who is surprised.');
  if (!allowsPhase(DND5E_COMMAND_PHASES['dnd5e-resolve-surprise'], state.phase)) {
    return refuse('wrong-phase', 'Surprise is determined at the start of the encounter, before combat starts.');
  }
  const bad = checkEntries(state, command);
  if (bad) return bad;
  const hiders = new Set(command.stealth.map((e) => e.combatantId));
  const hiderSides = new Set(state.combatants.filter((c) => hiders.has(c.id)).map((c) => c.side));
  const given = new Map((command.perception ?? []).map((e) => [e.combatantId, e.passive]));
  // The opposing side: everyone still in the fight on another side than the hiders, and anyone the GM names.
  const observers = state.combatants.filter((c) => !hiders.has(c.id) && (given.has(c.id) || (!c.defeated && !hiderSides.has(c.side))));

  let rng = state.dice.rng;
  const dice: DieFace[] = [];
  const stealth: StealthCheck[] = command.stealth.map((e) => {
    const c = findCombatant(state, e.combatantId);
    const modifier = e.modifier ?? dexModifier(c?.stats['dex'] ?? 10);
    if (e.total !== undefined) return { combatantId: e.combatantId, dice: [], modifier, total: e.total, source: 'entered' };
    const r = rollDie(rng, D20);
    rng = r.rng;
    const die = { sides: D20, face: r.face };
    dice.push(die);
    return { combatantId: e.combatantId, dice: [die], modifier, total: r.face + modifier, source: 'server' };
  });
  const totals = stealth.map((s) => s.total);
  const perception: PerceptionResult[] = observers.map((c) => {
    const passive = given.get(c.id) ?? DEFAULT_PASSIVE_PERCEPTION;
    return { combatantId: c.id, passive, surprised: surprisedBy(passive, totals) };
  });

  // Hiders are not surprised; observers are as worked out. Only changed marks become events.
  const wanted: { readonly id: CombatantId; readonly surprised: boolean }[] = [
    ...[...hiders].map((id) => ({ id, surprised: false })),
    ...perception.map((p) => ({ id: p.combatantId, surprised: p.surprised })),
  ];
  const changes = wanted.filter((w) => isSurprised(state, w.id) !== w.surprised);
  if (surpriseModeOf(state) === 'srd52') {
    for (const w of changes) {
      const c = findCombatant(state, w.id);
      const unit = c && unitInfo(state, c.groupId === null ? { kind: 'combatant', id: c.id } : { kind: 'group', id: c.groupId });
      if (unit?.initiative) {
        return refuse('already-rolled', `${unit.name} has already rolled initiative, and surprise changes that roll: undo the roll first.`);
      }
    }
  }
  const events: EncounterEvent[] = [
    { type: 'dnd5e-surprise-resolved', stealth, perception, rng },
    ...changes.map((w): EncounterEvent => ({ type: 'dnd5e-surprise-set', combatantId: w.id, surprised: w.surprised })),
  ];
  return { ok: true, events };
}

/** [ENG-22] The server-rolled Stealth d20s, in the order drawn, for `verifyDice`. */
export function stealthDice(event: SystemEvent): ServerDraw | undefined {
  if (event.type !== 'dnd5e-surprise-resolved') return undefined;
  const dice = event.stealth.filter((s) => s.source === 'server').flatMap((s) => s.dice);
  return dice.length === 0 ? undefined : { dice, rng: event.rng };
}
