// lfg's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
export interface LfgExt {
  readonly system: 'lfg';
}
