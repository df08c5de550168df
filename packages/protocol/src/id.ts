import { MAX_ID_LENGTH } from './limits.js';
import { text } from './text.js';

/** An id a client sends (an encounter, a combatant, a group, a seat, a party, a member, an entry): 1 to MAX_ID_LENGTH characters of text. */
export const idSchema = text().min(1).max(MAX_ID_LENGTH);
