import { systemCatalogue, type SystemId, type SystemSummary } from '@roundkeeper/rules';

/** The systems the engine has registered, as the console offers them. */
export const SYSTEMS: readonly SystemSummary[] = systemCatalogue();

export const summaryOf = (id: SystemId): SystemSummary | undefined => SYSTEMS.find((s) => s.id === id);
