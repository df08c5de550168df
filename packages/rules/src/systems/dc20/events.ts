// dc20's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
export type Dc20Event = never;
