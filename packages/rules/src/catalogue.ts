// The systems this build offers, as their metas: what the clients and the protocol need (ids, names,
// flags, stats, refusal codes) without any game's rules. `@roundkeeper/rules/catalogue`.
// A new system adds one line here and one in registry.ts (the compiler checks that the two agree).
import { CORE_VIOLATIONS, type CoreViolationCode } from './core/violations.js';
import { DEFAULT_HEALTH_META, type HealthMeta } from './core/health/model.js';
import type { SystemMeta } from './core/system.js';
import type { RestDef } from './core/carry-over.js';
import { dc20Meta } from './systems/dc20/meta.js';
import { dnd5eMeta } from './systems/dnd5e/meta.js';
import { genesysMeta } from './systems/genesys/meta.js';
import { lfgMeta } from './systems/lfg/meta.js';
import { uesrpgMeta } from './systems/uesrpg/meta.js';

/** In the order a GM is offered them. */
const METAS = [dc20Meta, dnd5eMeta, genesysMeta, lfgMeta, uesrpgMeta] as const satisfies readonly SystemMeta[];

/** The id of a system this build offers. */
export type CatalogueId = (typeof METAS)[number]['id'];

export const SYSTEM_IDS: readonly CatalogueId[] = METAS.map((m) => m.id);

/**
 * What a client needs to offer a system: names, the stats each combatant needs, the option flags, and
 * how it counts health (form and the states it may show).
 */
export type SystemSummary = Omit<SystemMeta, 'violations' | 'health' | 'rests'> & { readonly health: HealthMeta; readonly rests: readonly RestDef[] };

export const systemCatalogue = (): readonly SystemSummary[] =>
  METAS.map((m) => {
    const { id, label, shortLabel, statDefs, flags, defaultOptions } = m;
    const health: HealthMeta = 'health' in m ? m.health : DEFAULT_HEALTH_META;
    // [ENG-35] Only where the text gives a round's length. [ENG-8] Its phase table, for what a page offers when.
    // [ENG-49] The rests it offers between fights (none where it has none).
    const rests: readonly RestDef[] = 'rests' in m ? m.rests : [];
    return {
      id,
      label,
      shortLabel,
      statDefs,
      flags,
      defaultOptions,
      health,
      rests,
      commandPhases: m.commandPhases,
      ...('roundSeconds' in m ? { roundSeconds: m.roundSeconds } : {}),
    };
  });

export const isSystemId = (id: string): id is CatalogueId => (SYSTEM_IDS as readonly string[]).includes(id);

type CodesOf<T> = T extends Readonly<Record<infer K, string>> ? K : never;
/** Every refusal code this build can give: the engine's and each offered system's own. */
export type CatalogueViolationCode = CoreViolationCode | CodesOf<(typeof METAS)[number]['violations']>;

/** The one catalogue of refusals: the engine's codes and each system's own, with their sentences. */
export const RULE_VIOLATIONS: Readonly<Record<CatalogueViolationCode, string>> = Object.assign(
  { ...CORE_VIOLATIONS },
  ...METAS.map((m) => m.violations),
);
