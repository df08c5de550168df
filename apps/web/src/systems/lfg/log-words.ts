// Low Fantasy Gaming's own events in sentences for the GM's log (lib/event-log.ts), registered in ../registry.ts.
// Every event type of the system is listed (the compiler checks it): a sentence, or `null` for
// bookkeeping that says nothing.
import type { InitiativeRoll } from '@roundkeeper/rules';
import { describeRoll } from '../../lib/units.js';
import { describeCheck, READY_WORDS, RALLY_WORDS } from './bands.js';
import { fields, list, ids, who, unitName, type Fields } from '../../lib/log-fields.js';
import type { LogNames } from '../../lib/log-names.js';
import type { SystemLogWords } from '../types.js';

type Check = Parameters<typeof describeCheck>[0];
const OUTCOMES = new Set(['critical-success', 'success', 'failure', 'critical-failure']);
/** An lfg check read loosely: "d20 4 vs 12, Great Success", or '?' when the event lacks one. */
function check(value: unknown): string {
  const c = fields(value);
  const faces = Array.isArray(c.faces) ? c.faces.filter((f): f is number => typeof f === 'number') : [];
  if (typeof c.kept !== 'number' || typeof c.target !== 'number' || typeof c.outcome !== 'string' || !OUTCOMES.has(c.outcome)) return '?';
  return describeCheck({ faces, kept: c.kept, target: c.target, outcome: c.outcome as Check['outcome'] });
}
/** "Vela d20 15 vs 11, failure; Rook d20 16 vs 10, failure" from lfg's named checks. */
const namedChecks = (n: LogNames, value: unknown): string => list(value).map((r) => `${who(n, r.id)} ${check(r.result)}`).join('; ');
const MORALE_TRIGGERS: Readonly<Record<string, string>> = { 'leader-down': 'leader down', 'half-down': 'half of them down', sorcery: 'sorcery', gm: 'the GM’s call' };
const triggers = (value: unknown): string => (Array.isArray(value) ? value : [value]).map((t) => MORALE_TRIGGERS[String(t)] ?? String(t)).join(', ');

export const LFG_LOG_WORDS: SystemLogWords<'lfg'> = {
  'lfg-seating-set': (e, n) => `Seating, clockwise: ${who(n, e.seating).replaceAll(' & ', ', ')}`,
  'lfg-roller-set': (e, n) => `${who(n, e.rollerId)} rolls the party's Initiative ${e.scope === 'next' ? 'next round' : 'this round'}`,
  'lfg-surprise-set': (e) => (e.side === 'party' ? 'The party has a surprise round' : e.side === 'enemies' ? 'The enemies have a surprise round' : 'No surprise round'),
  'lfg-round-prepared': null,
  'lfg-held-released': null,
  'lfg-turn-delayed': () => 'A turn is delayed',
  'lfg-turn-resumed': (e) => `A delayed turn acts now, at place ${Number(e.index) + 1}`,
  'lfg-morale-dismissed': () => 'No morale check after all',
  'lfg-morale-broken': (e, n) => `${who(n, e.combatantIds)}: morale broken`,
  'lfg-retreat-proposed': () => 'The party proposes to retreat',
  'lfg-retreat-declined': () => 'The GM does not allow the retreat',
  'lfg-flight-permitted': (e, n) => `${who(n, e.fled)} flee${ids(e.fled).length === 1 ? 's' : ''}`,
  'lfg-action-readied': (e, n) => `${who(n, e.combatantIds)} ready an action: “${String(e.trigger)}”`,
  'lfg-turn-spent': (e, n) =>
    `${who(n, e.combatantId)} ${e.spend === 'charge' ? 'charges (action and move)' : e.spend === 'rally' ? 'rallies (the action)' : e.spend === 'action' ? 'takes the action' : 'moves'}`,
  'lfg-intercepted': (e, n) => {
    const o = typeof e.outcome === 'object' && e.outcome !== null ? (e.outcome as Fields) : {};
    const check = typeof o.check === 'object' && o.check !== null ? (o.check as Fields) : {};
    const stat = o.stat === 'dex' ? 'Dex' : 'Initiative';
    const how = `${stat} ${String(check.kept)} against ${String(check.target)}`;
    return o.intercepted === true ? `${who(n, o.combatantId)} intercepts (${how}; the move is used)` : `${who(n, o.combatantId)} fails to intercept (${how}; the move is used)`;
  },
  'lfg-monsters-ordered': (e, n) => `The monsters act in this order: ${list(e.order).map((u) => unitName(n, u)).join(', then ')}`,
  'lfg-morale-suggested': (e, n) => {
    const s = fields(e.suggestion);
    return `Morale check suggested for ${who(n, s.members).replaceAll(' & ', ', ')} (${triggers(s.triggers)})`;
  },
  'lfg-morale-called': (e, n) => {
    const c = fields(e.check);
    const modifier = typeof c.modifier === 'number' && c.modifier !== 0 ? `, Will ${c.modifier > 0 ? '+' : '−'}${Math.abs(c.modifier)}` : '';
    return `Morale check at the round’s end for ${who(n, c.members).replaceAll(' & ', ', ')} (${triggers(c.trigger)}${modifier})`;
  },
  'lfg-morale-rolled': (e, n) => {
    const v = fields(e.verdict);
    const held = ids(v.held).length > 0 ? `${who(n, v.held).replaceAll(' & ', ', ')} hold` : '';
    const broken = ids(v.broken).length > 0 ? `${who(n, v.broken).replaceAll(' & ', ', ')} break and flee` : '';
    return `Morale: ${[broken, held].filter(Boolean).join('; ') || 'nobody checks'} · ${namedChecks(n, v.rolls)}`;
  },
  'lfg-party-rolled': (e, n) => {
    const roll = fields(e.roll);
    // The roll as every initiative roll is told ("d20 8 + 0 = 8, success (target 12)"), once it has one's shape.
    const told = Array.isArray(roll.dice) && typeof roll.total === 'number' && typeof roll.modifier === 'number' ? describeRoll(roll as unknown as InitiativeRoll) : '?';
    return `Party check (round ${String(e.round)}) by ${who(n, e.rollerId)}: ${told}${roll.source === 'physical' ? ', real dice' : ''}`;
  },
  'lfg-retreat-rolled': (e, n) => `Retreat: ${e.success === true ? 'the party escapes' : 'failed, the party stays'} · ${namedChecks(n, e.rolls)}`,
  'lfg-ready-resolved': (e, n) => {
    const o = fields(e.outcome);
    const order = READY_WORDS[String(o.order) as keyof typeof READY_WORDS] ?? String(o.order);
    const rolls = list(o.rolls).map(check).join('; ');
    return `${who(n, o.combatantId)}'s readied action (“${String(o.trigger)}”): ${order}${rolls ? ` · ${rolls}` : ''}`;
  },
  'lfg-rally-rolled': (e, n) => {
    const o = fields(e.outcome);
    const result = RALLY_WORDS[String(o.result) as keyof typeof RALLY_WORDS] ?? String(o.result);
    return `Rally by ${who(n, o.rallierId)} (${who(n, o.combatantIds).replaceAll(' & ', ', ')}): ${result} · ${check(o.check)}`;
  },
  'lfg-finish-rolled': (e, n) => `Finish Them!: ${e.success === true ? 'success' : 'failure'} · ${namedChecks(n, e.rolls)}`,
  'lfg-ready-lapsed': (e, n) => `${who(n, e.combatantIds)}: the readied action lapsed`,
};
