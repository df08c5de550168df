import { statValue } from '../lib/stat-value.js';
import type { Creature } from '@roundkeeper/protocol';
import type { SystemSummary } from '@roundkeeper/rules/catalogue';

/** One line for a kept creature: its stats by their short names, and its health ("Dex 14 · Max HP 7"). */
export function creatureSummary(creature: Creature, system: SystemSummary): string {
  const stats = system.statDefs.filter((d) => creature.stats[d.key] !== undefined).map((d) => `${d.label} ${statValue(d, creature.stats[d.key]!)}`);
  const health = creature.health;
  const maxLabel = system.health.form.kind === 'hit-points' ? 'Max HP' : 'Wounds';
  const parts = [...stats, ...(health ? [`${maxLabel} ${health.max}`] : []), ...(health?.strain ? [`Strain ${health.strain}`] : [])];
  return parts.join(' · ');
}
