// dc20's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
export interface Dc20Ext {
  readonly system: 'dc20';
}
