/**
 * The three servers driven by the same harness. `roundkeeper-whole-views` is Roundkeeper with clients
 * that do not ask for view patches (as protocol 1 clients before them): what the patches save.
 */
export const TARGET_KINDS = ['floor', 'boardgame.io', 'roundkeeper', 'roundkeeper-whole-views'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
