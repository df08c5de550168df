// Schemas of uesrpg's own commands (packages/rules/src/systems/uesrpg/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
export const uesrpgCommandSchemas = [] as const;
