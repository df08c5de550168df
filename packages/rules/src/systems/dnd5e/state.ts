// dnd5e's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
export interface Dnd5eExt {
  readonly system: 'dnd5e';
}
