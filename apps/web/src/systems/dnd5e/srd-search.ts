// The SRD monster search: what the GM types, matched against the list the server serves
// (GET /api/srd/monsters). Pure, so it is tested without a page.
import type { SrdMonsterList, SrdMonsterSummary } from '@roundkeeper/protocol';

/** How many matches the list shows: the first screenful; typing more narrows it. */
export const MAX_MATCHES = 12;

const CR_WORD = /^(?:cr)?(\d+(?:\/\d+)?)$/;

/**
 * Every word must match: a number or fraction ("5", "1/4", "cr5") the challenge rating exactly, any
 * other word the start of a word of the name or the type ("gob" finds Goblin and Hobgoblin too, by its
 * inside: a name matches anywhere, a type from its start).
 */
export function searchMonsters(monsters: readonly SrdMonsterSummary[], query: string): SrdMonsterSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return [];
  return monsters
    .filter((m) =>
      words.every((w) => {
        const cr = CR_WORD.exec(w)?.[1];
        if (cr !== undefined) return m.cr === cr;
        return m.name.toLowerCase().includes(w) || m.type.startsWith(w);
      }),
    )
    .sort((a, b) => rank(a, words) - rank(b, words) || a.name.localeCompare(b.name))
    .slice(0, MAX_MATCHES);
}

/** Names starting with the first word come first ("gob": Goblin before Hobgoblin). */
const rank = (m: SrdMonsterSummary, words: readonly string[]): number => (m.name.toLowerCase().startsWith(words[0] ?? '') ? 0 : 1);

let list: Promise<SrdMonsterList> | undefined;

/** The list, fetched once per page (about 30 kB); a failure is forgotten so the next search tries again. */
export function srdMonsterList(): Promise<SrdMonsterList> {
  list ??= fetch('/api/srd/monsters').then(async (r) => {
    if (!r.ok) throw new Error('The monster list could not be loaded. Check the connection and try again.');
    // The server builds it from the protocol's schema; like the other HTTP answers it is trusted as typed.
    return (await r.json()) as SrdMonsterList;
  });
  list.catch(() => (list = undefined));
  return list;
}
