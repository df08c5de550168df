// dnd5e's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
export type Dnd5eEvent = never;
