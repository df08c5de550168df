/** The three servers driven by the same harness. */
export const TARGET_KINDS = ['floor', 'boardgame.io', 'roundkeeper'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
