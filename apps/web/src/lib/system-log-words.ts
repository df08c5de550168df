import type { UnitRef } from '@roundkeeper/rules';
import type { LogNames } from './log-names.js';
import { whyWords } from '../systems/dnd5e/sources.js';
import { recoveryWords } from '../systems/genesys/strain.js';

// The systems' own events in sentences of their own, for the GM's log (event-log.ts). An event not
// listed here is still told generically (its name, whom it concerns, its dice); an event listed with
// `null` is bookkeeping and says nothing. Fields are read loosely: the rules' event types stay with the
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

export const SYSTEM_LOG_WORDS: Readonly<Record<string, SystemSentence | null>> = {
  // D&D 5e
  'dnd5e-roll-sources': (e, n) => `${isUnit(e.unit) ? n.unit(e.unit) : 'Someone'}: ${whyWords(ids(e.advantage), ids(e.disadvantage))}`,
  'dnd5e-surprise-resolved': (e, n) => {
    const stealth = Array.isArray(e.stealth) ? (e.stealth as Fields[]) : [];
    const checks = stealth.map((c) => `${who(n, c.combatantId)} ${typeof c.total === 'number' ? c.total : '?'}`).join(', ');
    return stealth.length === 0 ? 'Nobody sneaks: nobody is surprised' : `Stealth against passive Perception: ${checks}`;
  },
  'dnd5e-surprise-set': (e, n) => `${who(n, e.combatantId)} ${e.surprised ? 'is surprised' : 'is no longer surprised'}`,
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
};
