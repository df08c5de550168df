// DC20's health as the clients know it (light: meta.ts and so the web bundle import it).
import type { HealthMeta } from '../../core/health/model.js';

/** [DC20-41] [DC20-42] Hit points with temporary ones, and DC20's own states. */
export const DC20_HEALTH: HealthMeta = {
  form: { kind: 'hit-points', temp: true },
  states: [
    { id: 'unhurt', label: 'Unhurt' },
    { id: 'hurt', label: 'Hurt' },
    { id: 'bloodied', label: 'Bloodied' },
    { id: 'well-bloodied', label: 'Well-Bloodied' },
    { id: 'deaths-door', label: "Death's Door" },
    { id: 'down', label: 'Down' },
  ],
  groupPool: false,
};
