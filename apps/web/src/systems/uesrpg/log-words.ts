// UESRPG's own events in sentences for the GM's log (lib/event-log.ts), registered in ../registry.ts.
// Every event type of the system is listed (the compiler checks it): a sentence, or `null` for
// bookkeeping that says nothing.
import { type Fields, list, ids, who, unitName } from '../../lib/log-fields.js';
import type { SystemLogWords } from '../types.js';

export const UESRPG_LOG_WORDS: SystemLogWords<'uesrpg'> = {
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
