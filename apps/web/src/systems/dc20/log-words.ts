// DC20's own events in sentences for the GM's log (lib/event-log.ts), registered in ../registry.ts.
// Every event type of the system is listed (the compiler checks it): a sentence, or `null` for
// bookkeeping that says nothing.
import { type Fields, fields, list, ids, who } from '../../lib/log-fields.js';
import type { SystemLogWords } from '../types.js';

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

export const DC20_LOG_WORDS: SystemLogWords<'dc20'> = {
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
};
