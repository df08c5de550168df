// Genesys's own events in sentences for the GM's log (lib/event-log.ts), registered in ../registry.ts.
// Every event type of the system is listed (the compiler checks it): a sentence, or `null` for
// bookkeeping that says nothing.
import { recoveryWords } from './strain.js';
import { who, isUnit, type Fields } from '../../lib/log-fields.js';
import type { SystemLogWords } from '../types.js';

export const GENESYS_LOG_WORDS: SystemLogWords<'genesys'> = {
  'genesys-check-declared': (e, n) => {
    const check = typeof e.check === 'object' && e.check !== null ? (e.check as Fields) : {};
    const skill = typeof check.skill === 'string' ? check.skill : 'their check';
    return `${isUnit(e.unit) ? n.unit(e.unit) : 'Someone'} rolls ${skill.charAt(0).toUpperCase()}${skill.slice(1)} for Initiative`;
  },
  'genesys-slots-ranked': () => 'Initiative ranked: the PC and NPC slots are set for the round',
  'genesys-strain-recovered': (e, n) => recoveryWords(who(n, e.combatantId), String(e.skill), Number(e.successes), Number(e.recovered)),
  'genesys-continue-asked': (e) => `End of round ${String(e.round)}: does the action go on?`,
  'genesys-combat-continued': () => 'The action goes on',
};
