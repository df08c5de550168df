// D&D 5e's health as the clients know it (light: meta.ts and so the web bundle import it).
import type { HealthMeta } from '../../core/health/model.js';

/** [DND-16] Hit points with temporary ones; the states the table may see. */
export const DND5E_HEALTH: HealthMeta = {
  form: { kind: 'hit-points', temp: true },
  states: [
    { id: 'unhurt', label: 'Unhurt' },
    { id: 'hurt', label: 'Hurt' },
    { id: 'bloodied', label: 'Bloodied' },
    { id: 'dying', label: 'Dying' },
    { id: 'stable', label: 'Stable' },
    { id: 'dead', label: 'Dead' },
    { id: 'down', label: 'Down' },
  ],
  groupPool: false,
};
