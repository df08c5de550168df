// The creature files the import dialog offers, as a GM knows them.
import { CREATURE_FILE_FORMATS, type CreatureFileFormat } from '@roundkeeper/protocol/creature-file-formats';

export const FORMAT_LABELS: Readonly<Record<CreatureFileFormat, { readonly label: string; readonly hint: string }>> = {
  'improved-initiative': { label: 'Improved Initiative', hint: 'The library export (Settings → Export): creatures, player characters and saved encounters.' },
  '5etools': {
    label: '5e.tools bestiary',
    hint: 'Bestiary JSON files ({"monster": [...]}), official or homebrew. Choose the books a monster copies from too, and legendarygroups.json for lair actions.',
  },
  foundry: { label: 'Foundry VTT actor', hint: 'D&D 5e actors from "Export Data" (characters or NPCs), a list of them, or an older compendium (.db).' },
  csv: { label: 'CSV spreadsheet', hint: 'A header row — name, side, hp, ac, cr, init, note and the system’s stats — then one creature a row.' },
};

export const FORMATS: readonly CreatureFileFormat[] = CREATURE_FILE_FORMATS;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isActor = (v: unknown): boolean => isRecord(v) && (v.type === 'character' || v.type === 'npc') && ('system' in v || 'data' in v);
const II_KEY = /^(?:ImprovedInitiative\.)?(?:Creatures|PersistentCharacters|PlayerCharacters|SavedEncounters)\./;
const FIVE_E_TOOLS_LISTS = ['monster', 'legendaryGroup', 'monsterTemplate'];

/** An older Foundry compendium (.db): one actor a line. */
function isActorLines(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0] ?? '';
  try {
    return isActor(JSON.parse(first));
  } catch {
    return false;
  }
}

/** The format a file's content looks like, so the GM need not know; undefined when it is not clear. */
export function guessFormat(text: string): CreatureFileFormat | undefined {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return text.includes('\n') ? 'csv' : undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return isActorLines(text) ? 'foundry' : undefined;
  }
  if (Array.isArray(value)) return value.some(isActor) ? 'foundry' : undefined;
  if (!isRecord(value)) return undefined;
  if (FIVE_E_TOOLS_LISTS.some((key) => Array.isArray(value[key]))) return '5etools';
  if (isActor(value)) return 'foundry';
  if (Object.keys(value).some((k) => II_KEY.test(k))) return 'improved-initiative';
  return undefined;
}
