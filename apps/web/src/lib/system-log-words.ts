import type { InitiativeRoll, SystemEvent, UnitRef } from '@roundkeeper/rules';
import type { LogNames } from './log-names.js';
import { whyWords } from '../systems/dnd5e/sources.js';
import { recoveryWords } from '../systems/genesys/strain.js';
import { describeCheck, READY_WORDS, RALLY_WORDS } from '../systems/lfg/bands.js';
import { describeRoll } from './units.js';

// The systems' own events in sentences of their own, for the GM's log (event-log.ts). Every event type of
// every system is listed (the compiler checks it): a sentence, or `null` for bookkeeping that says
// nothing. Only an event this build does not know (a log from a newer server) is told generically. Fields are read loosely: the rules' event types stay with the
// rules, and a missing field reads as "someone", never as a crash.

type Fields = Readonly<Record<string, unknown>>;
export type SystemSentence = (event: Fields, names: LogNames) => string | null;

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const who = (names: LogNames, value: unknown): string => {
  const list = typeof value === 'string' ? [value] : ids(value);
  return list.length > 0 ? list.map(names.combatant).join(' & ') : 'nobody';
};
const isUnit = (value: unknown): value is UnitRef => typeof value === 'object' && value !== null && 'kind' in value && 'id' in value;
/** "enemy-2" → "Enemy 2", "npc" → "NPC", "important-npc" → "Important NPC", "pc" → "PC". */
const team = (value: unknown): string =>
  String(value)
    .split('-')
    .map((w) => (/^(pc|npc)$/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
const BENEFITS: Readonly<Record<string, string>> = {
  'inspiration-die': 'the Inspiration Die',
  'first-round-adv': 'ADV in round 1',
  'first-attack-against-has-adv': 'the first attack against them with ADV',
};

const fields = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});
const list = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(fields) : []);
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
const unitName = (n: LogNames, value: unknown): string => (isUnit(value) ? n.unit(value) : 'someone');
const firstFace = (value: unknown): string => String(list(value)[0]?.face ?? '?');
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
};
const MORALE_TRIGGERS: Readonly<Record<string, string>> = { 'leader-down': 'leader down', 'half-down': 'half of them down', sorcery: 'sorcery', gm: 'the GM’s call' };
const triggers = (value: unknown): string => (Array.isArray(value) ? value : [value]).map((t) => MORALE_TRIGGERS[String(t)] ?? String(t)).join(', ');

export const SYSTEM_LOG_WORDS: { readonly [T in SystemEvent['type']]: SystemSentence | null } = {
  // D&D 5e
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
  // DC20
  'dc20-encounter-dc-set': (e) => {
    const choice = typeof e.choice === 'object' && e.choice !== null ? (e.choice as Fields) : {};
    const how =
      choice.kind === 'custom'
        ? 'set by the GM'
        : choice.kind === 'table'
          ? `from the table (level ${String(choice.level)}, ${String(choice.difficulty)})`
          : '';
    return `Encounter DC is ${String(e.dc)}${how ? `, ${how}` : ''}`;
  },
  'dc20-team-set': (e, n) => `${who(n, e.combatantId)} is on the ${team(e.team)} team`,
  'dc20-enemy-teams-ordered': (e) => `Enemy teams go in this order: ${ids(e.order).map(team).join(', ')}`,
  'dc20-surprise-marked': (e, n) => `${who(n, e.combatantId)} is Surprised (2 AP fewer)`,
  'dc20-surprise-cleared': (e, n) => `${who(n, e.combatantId)} is no longer Surprised`,
  'dc20-turns-labelled': null,
  'dc20-claims-answered': null,
  'dc20-claim-tied': (e, n) => `${who(n, e.tied)} both want this PC turn: share it or pick one`,
  'dc20-seated': (e, n) => `${who(n, e.combatantIds)} take${ids(e.combatantIds).length === 1 ? 's' : ''} this turn`,
  'dc20-part-ended': null,
  'dc20-merge-offered': null,
  'dc20-turns-merged': (e) => `${team(e.team)} turns merged into one`,
  'dc20-merge-declined': () => 'The enemy turns stay apart',
  'dc20-turn-delayed': (e, n) => `${who(n, e.combatantId)} delays their turn`,
  'dc20-turn-wrapped': (e, n) => `${who(n, e.actorIds)}: turn over`,
  'dc20-round-wrapped': null,
  'dc20-lap-set': (e, n) => `${who(n, e.combatantId)} has Legendary AP (up to ${String(e.perTurn)} between PC turns)`,
  'dc20-lap-spent': (e, n) =>
    `${who(n, e.combatantId)} spends ${String(e.amount)} Legendary AP${e.window === 'round-end' ? ' at the round’s end' : ''}`,
  'dc20-leftover-lap-opened': () => 'The round ends: Legendary AP left may be spent now',
  'dc20-lap-passed': (e, n) => `${who(n, e.combatantId)} keeps their Legendary AP`,
  'dc20-leftover-lap-closed': null,
  'dc20-inspiration-used': (e, n) => `${who(n, e.combatantId)} rolls their Inspiration Die: ${String(e.face)}`,
  'dc20-benefit-used': (e, n) => `${who(n, e.combatantId)} used ${BENEFITS[String(e.kind)] ?? String(e.kind)}`,
  'dc20-fate-checked': (e) => {
    const faces = list(e.checks).map((c) => `${team(c.team)} d20 ${String(c.face)}`).join(', ');
    const order = ids(e.order);
    return `Fate Check: ${faces} — ${order.length > 0 ? `${order.map(team).join(', then ')}` : 'a tie: the GM decides'}`;
  },
  'dc20-initiative-decided': (e, n) => {
    const party = fields(e.party);
    const earned = Object.entries(fields(e.benefits)).filter(([, kinds]) => Array.isArray(kinds) && kinds.length > 0);
    const benefits = earned.map(([id, kinds]) => `${n.combatant(id)}: ${ids(kinds).map((k) => BENEFITS[k] ?? k).join(', ')}`).join('; ');
    return `The ${party.winner === 'pc' ? 'PCs go' : 'enemies go'} first (${String(party.successes)} of ${String(party.needed)} successes needed)${benefits ? ` · ${benefits}` : ''}`;
  },
  'dc20-combat-over': () => 'Combat is over',
  // Genesys
  'genesys-check-declared': (e, n) => {
    const check = typeof e.check === 'object' && e.check !== null ? (e.check as Fields) : {};
    const skill = typeof check.skill === 'string' ? check.skill : 'their check';
    return `${isUnit(e.unit) ? n.unit(e.unit) : 'Someone'} rolls ${skill.charAt(0).toUpperCase()}${skill.slice(1)} for Initiative`;
  },
  'genesys-slots-ranked': () => 'Initiative ranked: the PC and NPC slots are set for the round',
  'genesys-strain-recovered': (e, n) => recoveryWords(who(n, e.combatantId), String(e.skill), Number(e.successes), Number(e.recovered)),
  'genesys-continue-asked': (e) => `End of round ${String(e.round)}: does the action go on?`,
  'genesys-combat-continued': () => 'The action goes on',
  // Low Fantasy Gaming
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
    const told = Array.isArray(roll.dice) && typeof roll.total === 'number' && typeof roll.modifier === 'number' ? describeRoll(roll as unknown as InitiativeRoll, 'lfg') : '?';
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
  // UESRPG
  'uesrpg-surprise-set': (e, n) => (ids(e.surprised).length > 0 ? `Surprised: ${who(n, e.surprised)}` : 'Nobody is surprised'),
  'uesrpg-surprise-ended': (e, n) => `${who(n, e.combatantIds)} no longer surprised`,
  'uesrpg-action-declared': (e, n) => {
    const action = typeof e.action === 'object' && e.action !== null ? (e.action as Fields) : {};
    return `${who(n, action.combatantId)} declares ${String(action.label || action.kind || 'an action')} (${String(action.spent ?? 0)} AP)`;
  },
  'uesrpg-action-resolved': () => 'The open action is resolved',
  'uesrpg-extended-abandoned': (e, n) => `${who(n, e.combatantId)} abandons their extended action`,
  'uesrpg-round-cleared': null,
  'uesrpg-extended-continued': (e, n) =>
    `${who(n, e.combatantId)} puts ${String(e.spent)} AP into their extended action${e.completed === true ? ': complete, it takes effect' : ''}`,
  'uesrpg-luck-rolled': (e, n) => {
    const rolls = list(e.rolls).map((r) => `${unitName(n, r.unit)} d100 ${String(r.face)} vs Luck ${String(r.luck)}`).join(', ');
    const order = list(e.order);
    return `Luck roll-off: ${rolls} — ${order.length > 0 ? order.map((u) => unitName(n, u)).join(', then ') : 'still tied: the GM orders'}`;
  },
  'uesrpg-members-ordered': (e, n) => `${n.unit({ kind: 'group', id: String(e.groupId) })} take their turns: ${who(n, e.order).replaceAll(' & ', ', then ')}`,
};
