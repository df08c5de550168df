import type { z } from 'zod';
import { newCombatantSchema, newHealthSchema } from './commands.js';

/**
 * A creature kept between encounters: a party's PC or a bestiary's monster, in the same terms as an
 * `add-combatant` (name, side, the system's stats, health), less what belongs to one fight (how many,
 * hidden). File imports (Improved Initiative, 5e.tools, Foundry, CSV) all produce these, and starting an
 * encounter from a party and a bestiary turns them into `add-combatant` commands.
 */
export const creatureSchema = newCombatantSchema.omit({ count: true, hidden: true }).extend({ health: newHealthSchema.optional() });
export type Creature = z.infer<typeof creatureSchema>;
