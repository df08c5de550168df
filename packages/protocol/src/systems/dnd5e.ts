// Schemas of dnd5e's own commands (packages/rules/src/systems/dnd5e/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
export const dnd5eCommandSchemas = [] as const;
