// The creature files the import dialog offers, as a GM knows them.
import { CREATURE_FILE_FORMATS, type CreatureFileFormat } from '@roundkeeper/protocol/creature-file-formats';

export const FORMAT_LABELS: Readonly<Record<CreatureFileFormat, { readonly label: string; readonly hint: string }>> = {
  'improved-initiative': { label: 'Improved Initiative', hint: 'The library export (Settings → Export): creatures and player characters.' },
  '5etools': { label: '5e.tools bestiary', hint: 'A bestiary JSON file ({"monster": [...]}), official or homebrew.' },
  foundry: { label: 'Foundry VTT actor', hint: 'A D&D 5e actor from "Export Data" (a character or an NPC), or a list of them.' },
  csv: { label: 'CSV spreadsheet', hint: 'A header row — name, side, hp, strain, note and the system’s stats — then one creature a row.' },
};

export const FORMATS: readonly CreatureFileFormat[] = CREATURE_FILE_FORMATS;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isActor = (v: unknown): boolean => isRecord(v) && (v.type === 'character' || v.type === 'npc') && ('system' in v || 'data' in v);
const II_KEY = /^(?:ImprovedInitiative\.)?(?:Creatures|PersistentCharacters|PlayerCharacters)\./;

/** The format a file's content looks like, so the GM need not know; undefined when it is not clear. */
export function guessFormat(text: string): CreatureFileFormat | undefined {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return text.includes('\n') ? 'csv' : undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) return value.some(isActor) ? 'foundry' : undefined;
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.monster)) return '5etools';
  if (isActor(value)) return 'foundry';
  if (Object.keys(value).some((k) => II_KEY.test(k))) return 'improved-initiative';
  return undefined;
}
