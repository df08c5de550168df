// The types each system adds to the engine's open unions: its own commands, events, state slot, view
// slot and refusal codes. The core never names a system: each system fills in its entry from its own
// folder by augmenting `SystemTypes` (systems/<id>/types.ts), the way Fastify's decorators are typed,
// so the unions below grow with every system that is compiled in and the core imports none of them.

/** What one system adds, keyed by its id in `SystemTypes`. */
export interface SystemTypeEntry {
  /** The system's own commands (`type` prefixed with its id). */
  readonly command: { readonly type: string };
  /** The system's own events. */
  readonly event: { readonly type: string };
  /** Its slot in `EncounterState.ext`, tagged with `system: <id>`. */
  readonly ext: { readonly system: string };
  /** What an audience may see of that slot (`EncounterView.ext`). */
  readonly view: { readonly system: string };
  /** Its own refusal codes. */
  readonly violation: string;
}

/**
 * One entry per system, added by the system itself:
 *
 *     declare module '../../core/system-types.js' {
 *       interface SystemTypes { dc20: { command: Dc20Command; event: Dc20Event; … } }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface SystemTypes {}

/** The id of a system compiled into this program. */
export type SystemId = keyof SystemTypes & string;

// Indexing a union of entries gives the union of their fields; with no system compiled in, never.
export type SystemCommand = SystemTypes[SystemId]['command'];
export type SystemEvent = SystemTypes[SystemId]['event'];
export type SystemExt = SystemTypes[SystemId]['ext'];
export type SystemViewExt = SystemTypes[SystemId]['view'];
export type SystemViolationCode = SystemTypes[SystemId]['violation'];
