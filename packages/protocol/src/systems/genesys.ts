// Schemas of genesys's own commands (packages/rules/src/systems/genesys/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
import { z } from 'zod';
import { idSchema as id } from '../id.js';

/** Situational Boost or Setback dice on one check (the rules' MAX_SITUATIONAL_DICE). */
export const MAX_GENESYS_SITUATIONAL_DICE = 10;
/** The two initiative skills (the rules' INITIATIVE_SKILLS). */
const GENESYS_INITIATIVE_SKILLS = ['cool', 'vigilance'] as const;

const unit = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('combatant'), id }),
  z.strictObject({ kind: z.literal('group'), id }),
]);
const situational = z.number().int().min(0).max(MAX_GENESYS_SITUATIONAL_DICE);

export const genesysCommandSchemas = [
  z.strictObject({
    type: z.literal('genesys-declare-check'),
    unit,
    skill: z.enum(GENESYS_INITIATIVE_SKILLS),
    boost: situational,
    setback: situational,
  }),
  z.strictObject({ type: z.literal('genesys-continue-combat') }),
  z.strictObject({
    type: z.literal('genesys-recover-strain'),
    combatantId: id,
    skill: z.enum(['cool', 'discipline']),
    // One face index per die of the Simple check (at most characteristic 6 dice).
    faces: z.array(z.number().int().min(1).max(12)).min(1).max(6).optional(),
  }),
] as const;
