// Schemas of dc20's own commands (packages/rules/src/systems/dc20/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
export const dc20CommandSchemas = [] as const;
