// Schemas of lfg's own commands (packages/rules/src/systems/lfg/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
export const lfgCommandSchemas = [] as const;
