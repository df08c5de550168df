// D&D 5e's own events in sentences for the GM's log (lib/event-log.ts), registered in ../registry.ts.
// Every event type of the system is listed (the compiler checks it): a sentence, or `null` for
// bookkeeping that says nothing.
import { whyWords } from './sources.js';
import { fields, list, ids, who, isUnit, unitName, firstFace, type Fields } from '../../lib/log-fields.js';
import type { SystemLogWords } from '../types.js';

const DEATH_SAVE_WORDS: Readonly<Record<string, string>> = {
  revived: 'a natural 20: back on their feet with 1 hit point',
  success: 'a success',
  failure: 'a failure',
  'double-failure': 'a natural 1: two failures',
};
const tally = (value: unknown): string => {
  const t = fields(value);
  if (typeof t.successes !== 'number') return 'none';
  return `${String(t.successes)} success${t.successes === 1 ? '' : 'es'}, ${String(t.failures)} failure${t.failures === 1 ? '' : 's'}${t.stable === true ? ', stable' : ''}`;
};
const DEATH_CAUSES: Readonly<Record<string, string>> = {
  down: 'drops to 0 hit points',
  damage: 'takes damage at 0 hit points',
  'critical-damage': 'takes a critical hit at 0 hit points',
  'massive-damage': 'takes massive damage',
  healed: 'is healed',
  revived: 'is revived',
  set: 'gets a tally from the GM',
};

export const DND5E_LOG_WORDS: SystemLogWords<'dnd5e'> = {
  'dnd5e-legendary-action-used': (e, n) =>
    `${who(n, e.combatantId)} takes a legendary action${typeof e.cost === 'number' && e.cost > 1 ? ` costing ${e.cost}` : ''}.`,
  'dnd5e-legendary-regained': (e, n) => `${who(n, e.combatantId)} has all its legendary actions again.`,
  'dnd5e-lair-action-used': () => 'The lair acts (initiative count 20).',
  'dnd5e-roll-sources': (e, n) => `${isUnit(e.unit) ? n.unit(e.unit) : 'Someone'}: ${whyWords(ids(e.advantage), ids(e.disadvantage))}`,
  'dnd5e-surprise-resolved': (e, n) => {
    const stealth = Array.isArray(e.stealth) ? (e.stealth as Fields[]) : [];
    const checks = stealth.map((c) => `${who(n, c.combatantId)} ${typeof c.total === 'number' ? c.total : '?'}`).join(', ');
    return stealth.length === 0 ? 'Nobody sneaks: nobody is surprised' : `Stealth against passive Perception: ${checks}`;
  },
  'dnd5e-surprise-set': (e, n) => `${who(n, e.combatantId)} ${e.surprised ? 'is surprised' : 'is no longer surprised'}`,
  'dnd5e-rolled-off': (e, n) => {
    const rounds = Array.isArray(e.throws) ? e.throws.map((r) => list(r).map((t) => `${unitName(n, t.unit)} d20 ${String(fields(t.die).face ?? '?')}`).join(', ')) : [];
    return `Rolled off: ${rounds.join('; then ') || 'no dice'}`;
  },
  'dnd5e-death-saves-set': (e, n) =>
    `${who(n, e.combatantId)} ${DEATH_CAUSES[String(e.cause)] ?? 'changes'}: death saves ${e.after === null ? 'cleared' : tally(e.after)}`,
  'dnd5e-death-save-rolled': (e, n) =>
    `${who(n, e.combatantId)} rolls a death save: d20 ${firstFace(e.dice)}${e.source === 'physical' ? ' (real dice)' : ''}, ${DEATH_SAVE_WORDS[String(e.outcome)] ?? String(e.outcome)} (${e.after === null ? 'back on their feet' : tally(e.after)})`,
};
