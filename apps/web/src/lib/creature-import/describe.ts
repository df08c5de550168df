// One line per creature in the import preview, in the target system's words.
import type { Creature } from '@roundkeeper/protocol';
import { systemCatalogue, type CatalogueId } from '@roundkeeper/rules/catalogue';
import { SIDE_LABELS } from '../units.js';
import { statValue } from '../stat-value.js';

/** "Goblin · Enemy · Dexterity 14 · max HP 7 · AC 15 · CR 1/4"; stats the file left out show the system's default. */
export function describeCreature(creature: Creature, system: CatalogueId): string {
  const summary = systemCatalogue().find((s) => s.id === system);
  const parts = [creature.name, SIDE_LABELS[creature.side]];
  for (const def of summary?.statDefs ?? []) {
    const value = creature.stats[def.key] ?? def.default;
    // Every stat is shown, defaults included, except a feature most creatures lack while it is off.
    if (!def.optional || value !== def.default) parts.push(`${def.label} ${statValue(def, value)}`);
  }
  if (creature.health) {
    const word = summary?.health.form.kind === 'wounds' ? 'wounds' : 'max HP';
    parts.push(`${word} ${creature.health.max}${creature.health.strain === undefined ? '' : `, strain ${creature.health.strain}`}`);
  }
  if (creature.statBlock?.ac !== undefined) parts.push(`AC ${creature.statBlock.ac}`);
  if (creature.statBlock?.cr !== undefined) parts.push(`CR ${creature.statBlock.cr}`);
  if (creature.note) parts.push(`note: ${creature.note}`);
  return parts.join(' · ');
}
