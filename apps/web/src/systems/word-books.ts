// Every system's words (option flags, log sentences), for the GM console. Loaded when this module is
// first imported (a top-level await): only the console's modules import it, so the phone and the
// overlay never download the words, and the console's code reads them without waiting.
import type { SystemId } from '@roundkeeper/rules';
import { WEB_SYSTEMS } from './registry.js';
import type { SystemWordBook } from './types.js';

const BOOKS: ReadonlyMap<SystemId, SystemWordBook> = new Map(
  await Promise.all(Object.entries(WEB_SYSTEMS).map(async ([id, module]): Promise<[SystemId, SystemWordBook]> => [id as SystemId, await module.words()])),
);

/** A system's words; undefined for a system this build of the pages does not know. */
export const wordBookOf = (id: SystemId): SystemWordBook | undefined => BOOKS.get(id);

/** Every system's words, in the registry's order. */
export const wordBooks = (): readonly SystemWordBook[] => [...BOOKS.values()];
