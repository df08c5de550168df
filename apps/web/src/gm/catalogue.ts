import type { SystemId, SystemSummary } from '@roundkeeper/rules';
import { CATALOGUE } from './catalogue.generated.js';

/**
 * The systems the engine has registered, as the console offers them: generated from the rules'
 * systemCatalogue() (scripts/write-catalogue.ts), so the console does not bundle every system's rules.
 * catalogue.test.ts keeps the two equal.
 */
export const SYSTEMS: readonly SystemSummary[] = CATALOGUE;

export const summaryOf = (id: SystemId): SystemSummary | undefined => SYSTEMS.find((s) => s.id === id);
