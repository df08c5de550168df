import { z } from 'zod';
import type { EncounterView } from '@roundkeeper/rules';
import type { CommandAck, SyncAck, VersionedView } from './acks.js';
import type { errorBodySchema } from './http.js';
import type { ErrorBody } from './errors.js';
import type { OwnPart, PublicPatch, PublicView } from './shared-view.js';
import type { ClockAck, ErrorAck } from './socket.js';
import type { ViewPatch } from './view-patch.js';

// Schemas of what the server sends on a socket (events and acknowledgements). The server builds these
// messages from typed values and never parses them, so the schemas are not on its path: they describe
// the messages for the AsyncAPI document (asyncapi.ts) and for clients that want to check what they
// receive. The checks at the end of the file keep them true: every value of the types the server sends
// must fit its schema, or the package does not compile.

const isObject = (value: unknown): value is EncounterView => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The audience's projection; its fields are the rules' `EncounterView` (packages/rules/src/core/view.ts). */
export const encounterViewSchema = z.custom<EncounterView>(isObject).meta({
  id: 'EncounterView',
  type: 'object',
  description:
    "The audience's projection of the encounter: combatants, groups, the turn order, the current turn, pending decisions, " +
    "the system's own part. Its fields are the rules' EncounterView (packages/rules/src/core/view.ts); docs/protocol.md tells what each audience sees.",
});

const version = z.number().int().min(0);
const pointer = z.string().meta({ description: 'An RFC 6901 JSON Pointer into the view.' });

export const patchOpSchema = z
  .discriminatedUnion('op', [
    z.object({ op: z.literal('add'), path: pointer, value: z.unknown() }),
    z.object({ op: z.literal('replace'), path: pointer, value: z.unknown() }),
    z.object({ op: z.literal('remove'), path: pointer }),
  ])
  .meta({ id: 'PatchOp', description: 'An RFC 6902 JSON Patch operation (only add, replace and remove are used).' });

export const versionedViewSchema = z
  .object({ version: version.meta({ description: "This audience's version of the view." }), view: encounterViewSchema })
  .meta({ id: 'VersionedView' });

export const viewPatchSchema = z
  .object({
    version: version.meta({ description: 'The version this patch produces.' }),
    base: version.meta({ description: 'The version it applies to; a client holding another one sends `sync`.' }),
    ops: z.array(patchOpSchema).min(1),
  })
  .meta({ id: 'ViewPatch' });

export const ownPartSchema = z
  .object({
    version: version.meta({ description: "Counts the changes of this seat's own part." }),
    public: version.meta({ description: 'The public version these operations apply to.' }),
    ops: z.array(patchOpSchema),
  })
  .meta({ id: 'OwnPart' });

const refusal = { ok: z.literal(false), code: z.string(), message: z.string() };

export const commandAckSchema = z
  .union([
    z.object({ ok: z.literal(true), version: version.meta({ description: "The sender's version after the command." }) }),
    z.object({ ...refusal, view: versionedViewSchema.optional().meta({ description: 'With stale-version: the current view.' }) }),
  ])
  .meta({ id: 'CommandAck' });

export const syncAckSchema = z
  .union([
    z.object({
      ok: z.literal(true),
      view: versionedViewSchema,
      parts: z.object({ public: versionedViewSchema, own: ownPartSchema.nullable() }).optional().meta({ description: 'Shared views only: the two parts the view is made of.' }),
    }),
    z.object(refusal),
  ])
  .meta({ id: 'SyncAck' });

export const clockAckSchema = z
  .union([z.object({ ok: z.literal(true), serverTime: z.number().meta({ description: "The server's clock, ms since 1970." }) }), z.object(refusal)])
  .meta({ id: 'ClockAck' });

/** Readonly all the way down: the server's types are, and readonly values fit mutable-looking schemas. */
type Deep<T> = T extends readonly (infer U)[] ? readonly Deep<U>[] : T extends object ? { readonly [K in keyof T]: Deep<T[K]> } : T;
/** True when every value of `Sent` fits `Schema`. */
type Describes<Schema extends z.ZodType, Sent> = [Sent] extends [Deep<z.output<Schema>>] ? true : false;

// A type the server sends that its schema does not describe fails here, at compile time.
const described: [
  Describes<typeof versionedViewSchema, VersionedView>,
  Describes<typeof versionedViewSchema, PublicView<EncounterView>>,
  Describes<typeof viewPatchSchema, ViewPatch>,
  Describes<typeof viewPatchSchema, PublicPatch>,
  Describes<typeof ownPartSchema, OwnPart>,
  Describes<typeof commandAckSchema, CommandAck>,
  Describes<typeof syncAckSchema, SyncAck>,
  Describes<typeof clockAckSchema, ClockAck | ErrorAck>,
  Describes<typeof errorBodySchema, ErrorBody>,
] = [true, true, true, true, true, true, true, true, true];
void described;
