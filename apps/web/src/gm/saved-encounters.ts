import type { CreateEncounterResponse } from '@roundkeeper/protocol';
import { StoredList } from '../lib/stored-list.js';

/** What the console remembers about an encounter it created: the create answer is shown only once. */
export interface SavedEncounter extends CreateEncounterResponse {
  readonly name: string;
  readonly system: string;
  readonly createdAt: string;
}

const MAX_SAVED_ENCOUNTERS = 30;

export const savedEncounters = new StoredList<SavedEncounter>(
  'roundkeeper.gm.encounters',
  (e) => e.encounterId,
  MAX_SAVED_ENCOUNTERS,
);
