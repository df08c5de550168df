import type { EncounterView } from '@roundkeeper/rules';
import type { ErrorCode } from './errors.js';
import type { SharedParts } from './shared-view.js';

/** The answer to every command: accepted with the new version, or refused with a code and a readable message. */
export type CommandAck =
  | { readonly ok: true; readonly version: number }
  | {
      readonly ok: false;
      readonly code: ErrorCode;
      readonly message: string;
      /** With `stale-version`: the current view, so the client can show the truth at once. */
      readonly view?: VersionedView;
    };

/** A projection with the sequence number of the last event it includes. */
export interface VersionedView {
  readonly version: number;
  readonly view: EncounterView;
}

export type SyncAck =
  | {
      readonly ok: true;
      readonly view: VersionedView;
      /** Shared views only: the two parts `view` is made of, to go on from. */
      readonly parts?: SharedParts<EncounterView>;
    }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };
