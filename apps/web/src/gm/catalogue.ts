import { systemCatalogue, type SystemSummary } from '@roundkeeper/rules/catalogue';
import type { SystemId } from '@roundkeeper/rules';

/**
 * The systems the engine offers, as the console shows them: from the rules' light catalogue entry,
 * which carries each system's meta (names, stats, flags) and none of its rules.
 */
export const SYSTEMS: readonly SystemSummary[] = systemCatalogue();

export const summaryOf = (id: SystemId): SystemSummary | undefined => SYSTEMS.find((s) => s.id === id);
