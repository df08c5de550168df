// What dnd5e shows of its own state (`EncounterState.ext`) to an audience, through its `projectExt` hook.
// Joined into `SystemViewExt` by systems/ext.ts. `never` until the system has something to show.
export type Dnd5eViewExt = never;
