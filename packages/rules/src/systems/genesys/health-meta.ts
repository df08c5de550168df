// Genesys's health as the clients know it (light: meta.ts and so the web bundle import it).
import type { HealthMeta } from '../../core/health/model.js';

/** [GEN-37] [GEN-38] Wounds and strain up to their thresholds; minion groups share one wound pool. */
export const GENESYS_HEALTH: HealthMeta = {
  form: { kind: 'wounds', strain: true },
  states: [
    { id: 'unhurt', label: 'Unhurt' },
    { id: 'hurt', label: 'Hurt' },
    { id: 'incapacitated', label: 'Incapacitated' },
  ],
  groupPool: true,
};
