// lfg's own commands, joined into `Command` by src/commands.ts. None yet: its system.ts decides them.
export type LfgCommand = never;
