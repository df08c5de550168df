// Schemas of genesys's own commands (packages/rules/src/systems/genesys/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
export const genesysCommandSchemas = [] as const;
