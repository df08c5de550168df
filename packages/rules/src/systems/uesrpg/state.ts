// uesrpg's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
export interface UesrpgExt {
  readonly system: 'uesrpg';
}
