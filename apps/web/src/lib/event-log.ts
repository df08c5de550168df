import type { LogEntry, LogEvent } from '@roundkeeper/protocol';
import { PHYSICAL_DICE_OPTION } from '@roundkeeper/rules/core';
import type { CoreEvent, EncounterView, Health, HealthChange, HealthTrack, InitiativeRoll, Phase, SystemId, TurnSlot } from '@roundkeeper/rules';
import { logNames, type LogNames } from './log-names.js';
import type { SystemSentence } from './log-fields.js';
import { advanceRound, type KnownRound, type RoundTrack } from './log-rounds.js';
import { HEALTH_OPTION_WORDS, PHYSICAL_DICE_WORDS, TIMER_OPTION_WORDS, valueLabel, type OptionWords } from './option-words.js';
import { SIDE_LABELS } from './units.js';

// The GM's log in words: one or more lines per stored event (the server's log, GET …/log), none for
// bookkeeping events. Core events have their own sentences here; the encounter's system's words (its
// events, option flags and rolls) are handed in (`SystemWords`, from the registry: systems/log-words.ts),
// so this file knows no system. A system event without a sentence is told generically (its name, whom
// it concerns, the dice it rolled), so a new system event never goes missing.

export type LogKind = 'roll' | 'turn' | 'round' | 'roster' | 'phase' | 'condition' | 'health' | 'dice' | 'order' | 'history' | 'system';
export type Author = NonNullable<LogEntry['by']>;

export interface LogLine {
  /** Unique and stable: keys the list. */
  readonly key: string;
  readonly seq: number;
  readonly commandId: string | null;
  readonly by: Author | null;
  /** Who issued the command, in words: "GM", or the player's characters ("Aria"); null without a command. */
  readonly author: string | null;
  /** The round the event left the encounter in; null where the log shown cannot tell. */
  readonly round: KnownRound;
  readonly kind: LogKind;
  readonly text: string;
}

/** The lines one command wrote, shown under who issued it. */
export interface LogGroup {
  readonly key: string;
  readonly by: Author | null;
  readonly author: string | null;
  readonly lines: readonly LogLine[];
}

export const AUTHOR_LABELS: Readonly<Record<Author, string>> = { gm: 'GM', player: 'Player', timer: 'Turn timer' };

/** "Borin's", "Goblins'": whose turn, in words. */
const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);

export const PHASE_LINES: Readonly<Record<Phase, string>> = {
  setup: 'Back to setup',
  initiative: 'Initiative opened',
  active: 'Combat started',
  ended: 'Encounter ended',
};

/** What the log needs of the encounter's system: its words, from its web module. */
export interface SystemWords {
  readonly system: SystemId;
  /** One of its option flags in words. */
  readonly option: (key: string) => OptionWords;
  /** An initiative roll in words ("d20 14 + 2 = 16", or its own for symbol dice). */
  readonly roll: (roll: InitiativeRoll) => string;
  /** Its sentence for one of its event types: null for bookkeeping, undefined for a type it does not list. */
  readonly event: (type: string) => SystemSentence | null | undefined;
}

type Said = { readonly kind: LogKind; readonly text: string };
interface Context {
  readonly names: LogNames;
  readonly words: SystemWords;
}
type CoreType = CoreEvent['type'];
type Describers = { readonly [T in CoreType]: (event: Extract<LogEvent, { type: T }>, ctx: Context) => Said[] };

const say = (kind: LogKind, text: string): Said[] => [{ kind, text }];
const nothing = (): Said[] => [];

const slotName = (slot: TurnSlot, { names }: Context): string =>
  slot.filler.kind === 'unit' ? names.unit(slot.filler.unit) : `${SIDE_LABELS[slot.filler.side]} slot`;

const valueText = (value: unknown): string =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) ? String(value) : JSON.stringify(value);

/** "7", "7 +5 temp", "3 wounds", "2 strain": the count a health change moved, in the track's words. */
function healthText(health: Health | null, track: HealthTrack): string {
  if (!health) return 'none';
  if (health.kind === 'hit-points') return `${health.current}${health.temp > 0 ? ` +${health.temp} temp` : ''}`;
  return track === 'strain' ? `${health.strain} strain` : `${health.wounds} wounds`;
}

/** One line per target: "Goblin 2 takes 7 (14 → 7)". The log is the GM's: exact numbers are fine here. */
const healthLines = (changes: readonly HealthChange[], track: HealthTrack, { names }: Context, verb: (change: HealthChange) => string): Said[] =>
  changes.map((change) => ({
    kind: 'health',
    text: `${names.unit(change.target)} ${verb(change)} (${healthText(change.before, track)} → ${healthText(change.after, track)})`,
  }));

const maxOf = (health: Health): number => (health.kind === 'hit-points' ? health.max : health.threshold);

/** Every core event, checked complete by the compiler: a new one must say how it reads. */
const CORE: Describers = {
  'encounter-created': () => say('phase', 'Encounter created'),
  // The marker says who issued the command; its other events say what happened.
  'command-applied': nothing,
  undone: () => say('history', 'Undo'),
  redone: () => say('history', 'Redo'),
  'options-set': (e, { words: system }) =>
    say(
      'phase',
      `Options: ${
        Object.entries(e.options)
          .map(([k, v]) => {
            const words = k === PHYSICAL_DICE_OPTION ? PHYSICAL_DICE_WORDS : (HEALTH_OPTION_WORDS[k] ?? TIMER_OPTION_WORDS[k] ?? system.option(k));
            return `${words.label} — ${typeof v === 'string' ? valueLabel(words, v) : typeof v === 'boolean' ? (v ? 'yes' : 'no') : valueText(v)}`;
          })
          .join('; ') || 'the defaults'
      }`,
    ),
  // Each member is added by its own event, named "Goblin 1", "Goblin 2"…
  'group-added': nothing,
  'combatant-added': (e) => say('roster', `Added ${e.combatant.name}${e.combatant.hidden ? ' (hidden)' : ''}`),
  'combatant-removed': (e, { names }) => say('roster', `Removed ${names.combatant(e.combatantId)}`),
  'hidden-set': (e, { names }) => say('roster', `${names.combatant(e.combatantId)} ${e.hidden ? 'hidden' : 'revealed'}`),
  'note-set': (e, { names }) => say('roster', e.note ? `Note on ${names.combatant(e.combatantId)}: ${e.note}` : `Note on ${names.combatant(e.combatantId)} cleared`),
  'defeated-set': (e, { names }) => say('roster', `${names.combatant(e.combatantId)} ${e.defeated ? 'defeated' : 'back in the fight'}`),
  'initiative-begun': () => say('phase', PHASE_LINES.initiative),
  'initiative-rolled': (e, { names, words }) =>
    say('roll', `${names.unit(e.unit)} rolled ${e.roll.total}: ${words.roll(e.roll)}${e.roll.source === 'physical' ? ', real dice' : ''}`),
  'tie-resolved': (e, { names }) => say('order', `Tie settled: ${e.order.map(names.unit).join(', then ')}`),
  'combat-started': () => say('phase', PHASE_LINES.active),
  'slot-inserted': (e, ctx) => say('order', `${slotName(e.slot, ctx)} joins the order at place ${e.index + 1}`),
  'slot-moved': (e, { names }) => say('order', `${names.turn(e.slotId, [])} moved to place ${e.index + 1}`),
  'round-started': (e) => say('round', `Round ${e.round}`),
  'round-ended': nothing,
  'turn-started': (e, { names }) => say('turn', `Turn: ${names.turn(e.slotId, e.actorIds)}`),
  'turn-claimed': (e, { names }) => say('turn', `Turn: ${names.turn(e.slotId, e.actorIds)}`),
  // [ENG-41] Only an end by the timer says more than the next turn does.
  'turn-ended': (e, { names }) => {
    if (!e.timedOut) return [];
    // One actor is named ("Borin's"), a group's turn by its slot ("Goblins'").
    const actors = e.actorIds ?? [];
    const whose = actors.length === 1 && actors[0] !== undefined ? names.combatant(actors[0]) : names.turn(e.slotId, actors);
    return say('turn', `${possessive(whose)} turn ended: time ran out`);
  },
  // Pending decisions show in the panels while they are open; what settles them is logged.
  'decision-opened': nothing,
  'decision-closed': nothing,
  'condition-added': (e, { names }) => say('condition', `${names.combatant(e.combatantId)}: ${e.condition.name}`),
  'condition-removed': (e, { names }) =>
    say('condition', `${names.combatant(e.combatantId)}: ${names.condition(e.combatantId, e.conditionId)} removed`),
  'condition-expired': (e, { names }) =>
    say('condition', `${names.combatant(e.combatantId)}: ${names.condition(e.combatantId, e.conditionId)} ended`),
  'resource-changed': (e, { names }) => say('roster', `${names.combatant(e.combatantId)}: ${e.resource} ${e.current}/${e.max}`),
  'damage-applied': (e, ctx) =>
    healthLines(e.targets, e.track, ctx, (c) => `${e.track === 'strain' ? 'suffers' : 'takes'} ${c.amount}${e.track === 'strain' ? ' strain' : ''}${c.critical ? ', a critical hit' : ''}`),
  'healing-applied': (e, ctx) => healthLines(e.targets, e.track, ctx, (c) => `${e.track === 'strain' ? 'recovers' : 'heals'} ${c.amount}${e.track === 'strain' ? ' strain' : ''}`),
  'max-health-set': (e, ctx) =>
    healthLines(e.targets, e.track, ctx, (c) => `${e.track === 'strain' ? 'strain threshold' : c.after.kind === 'wounds' ? 'wound threshold' : 'maximum HP'} set to ${e.track === 'strain' && c.after.kind === 'wounds' ? (c.after.strainThreshold ?? 0) : maxOf(c.after)}`),
  'temp-health-set': (e, ctx) => healthLines(e.targets, 'hp', ctx, (c) => (c.amount > 0 ? `gets ${c.amount} temporary HP` : 'loses temporary HP')),
  'encounter-ended': (e) => [
    { kind: 'phase', text: PHASE_LINES.ended },
    ...(e.seed ? [{ kind: 'dice' as const, text: `Dice seed revealed: ${e.seed}` }] : []),
  ],
};

/** Keys never searched for dice: the generator state is numbers too, and slots hold no rolls. */
const NOT_DICE = new Set(['rng', 'slots']);

/** "d20 14", or the bare face where the event names no die: every face a system event rolled, in order. */
export function facesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(facesOf);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record.face === 'number') {
    const die = typeof record.kind === 'string' ? record.kind : typeof record.sides === 'number' ? `d${record.sides}` : '';
    return [die ? `${die} ${record.face}` : String(record.face)];
  }
  return Object.entries(record).flatMap(([key, v]) => (NOT_DICE.has(key) ? [] : facesOf(v)));
}

/** A system's event: "Aria: Inspiration used — d8 5", from its type, its combatants and its dice. */
export function describeSystemEvent(event: LogEvent, { names, words }: Context): Said[] {
  const record = event as unknown as Record<string, unknown>;
  const sentence = words.event(event.type);
  if (sentence !== undefined) {
    const text = sentence ? sentence(record, names) : null;
    return text ? say(facesOf(record).length > 0 ? 'roll' : 'system', text) : [];
  }
  const { system } = words;
  const bare = event.type.startsWith(`${system}-`) ? event.type.slice(system.length + 1) : event.type;
  const told = bare.charAt(0).toUpperCase() + bare.slice(1).replaceAll('-', ' ');
  const ids = [record.combatantId, ...(Array.isArray(record.combatantIds) ? record.combatantIds : [])].filter((id) => typeof id === 'string');
  const subject = ids.length > 0 ? `${ids.map(names.combatant).join(', ')}: ` : '';
  const faces = facesOf(record);
  return say(faces.length > 0 ? 'roll' : 'system', `${subject}${told}${faces.length > 0 ? ` — ${faces.join(', ')}` : ''}`);
}

const isCore = (event: LogEvent): event is Extract<LogEvent, { type: CoreType }> => Object.hasOwn(CORE, event.type);

function describeEvent(event: LogEvent, ctx: Context): Said[] {
  if (!isCore(event)) return describeSystemEvent(event, ctx);
  // The table is indexed by the event's own type, so the describer matches the event.
  const describe = CORE[event.type] as (e: LogEvent, c: Context) => Said[];
  return describe(event, ctx);
}

/**
 * The lines of a stretch of the log, oldest first. `start` is the round before its first entry: known
 * when the stretch starts at the encounter's creation, or carried over from entries dropped before it.
 */
export function describeLog(entries: readonly LogEntry[], view: EncounterView, start: RoundTrack, words: SystemWords): LogLine[] {
  const ctx: Context = { names: logNames(view, entries), words };
  const lines: LogLine[] = [];
  let track = start;
  for (const { seq, commandId, by, player, event } of entries) {
    track = advanceRound(track, event);
    const round = track.round;
    const author = authorLabel(by, player, ctx.names);
    describeEvent(event, ctx).forEach((said, i) => lines.push({ ...said, key: `${seq}.${i}`, seq, commandId, by, author, round }));
  }
  return lines;
}

/** "GM"; a player by their seat's characters ("Aria", "Aria & Borin"); "Player" where the seat is not recorded. */
function authorLabel(by: Author | null, player: readonly string[] | null, names: LogNames): string | null {
  if (by === null) return null;
  if (by === 'player' && player && player.length > 0) return player.map((id) => names.combatant(id)).join(' & ');
  return AUTHOR_LABELS[by];
}

/** Consecutive lines of one command under one heading (its author); lines without a command stand alone. */
export function groupByCommand(lines: readonly LogLine[]): LogGroup[] {
  const groups: { key: string; by: Author | null; author: string | null; commandId: string | null; lines: LogLine[] }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && line.commandId !== null && last.commandId === line.commandId) last.lines.push(line);
    else groups.push({ key: line.key, by: line.by, author: line.author, commandId: line.commandId, lines: [line] });
  }
  return groups.map(({ key, by, author, lines: grouped }) => ({ key, by, author, lines: grouped }));
}
