import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import { io, type Socket } from 'socket.io-client';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  clockAckSchema,
  commandAckSchema,
  ownPartSchema,
  presenceSchema,
  PROTOCOL_VERSION,
  syncAckSchema,
  versionedViewSchema,
  viewPatchSchema,
} from '@roundkeeper/protocol';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// The published contracts, read by the tools a third party would use on them. HTTP: a validator of the
// OpenAPI 3.1 specification that resolves every $ref, and openapi-typescript, whose types a client
// written against them must type-check. Socket.IO: the AsyncAPI parser, and real traffic checked
// against the schemas the AsyncAPI document is generated from.

/** The validator, the generator with the TypeScript compiler and the AsyncAPI parser take seconds of CPU each: more on a busy machine. */
const TOOL_TIMEOUT_MS = 120_000;

/** A script a third party might write with the generated types: it compiles only if they describe the routes. */
const CLIENT_USING_THE_TYPES = `
import type { paths, components } from './roundkeeper-api';
type CreateBody = paths['/api/encounters']['post']['requestBody']['content']['application/json'];
type Created = paths['/api/encounters']['post']['responses']['201']['content']['application/json'];
type Refusal = components['schemas']['ErrorBody'];
const body: CreateBody = { name: 'Goblin ambush', system: 'dnd5e' };
export function gmTokenOf(created: Created): string { return created.gmToken; }
export function sentenceOf(refusal: Refusal): string { return refusal.message; }
export const sent = body;
`;

/** Type-checks the files (written to a fresh folder) with the TypeScript compiler: each file's errors, as sentences. */
async function typeErrors(files: Record<string, string>): Promise<Record<string, string[]>> {
  const folder = await mkdtemp(join(tmpdir(), 'rk-openapi-client-'));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text);
    const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] };
    const program = ts.createProgram(Object.keys(files).map((name) => join(folder, name)), options);
    const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name, []]));
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const name = diagnostic.file ? basename(diagnostic.file.fileName) : 'compiler';
      (errors[name] ??= []).push(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    }
    return errors;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('the published contracts, read by real tools', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  /** Each document as the server sent it, and parsed. */
  let openApiText: string;
  let document: Record<string, unknown>;
  let asyncApi: string;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
    serverUrl = server.url;
    openApiText = await (await fetch(`${server.url}/api/openapi.json`)).text();
    document = JSON.parse(openApiText) as Record<string, unknown>;
    asyncApi = await (await fetch(`${server.url}/api/asyncapi.json`)).text();
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('is a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every reference points at a schema the document holds (the validator's check is the same walk).
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(ref).toMatch(/^"\$ref":"#\/components\/schemas\/\w+"$/);
    expect(() => validator.resolveRefs()).not.toThrow();
  }, TOOL_TIMEOUT_MS);

  it('generates TypeScript types with openapi-typescript that a client type-checks against', async () => {
    const generated = astToString(await openapiTS(openApiText));
    expect(generated).toContain('"/api/encounters"');
    // The same client with a body the schema forbids, to show the check can fail.
    const wrong = CLIENT_USING_THE_TYPES.replace("system: 'dnd5e'", "system: 'chess'");
    const errors = await typeErrors({ 'roundkeeper-api.ts': generated, 'client.ts': CLIENT_USING_THE_TYPES, 'wrong-client.ts': wrong });
    expect(errors['roundkeeper-api.ts']).toEqual([]);
    expect(errors['client.ts']).toEqual([]);
    expect(errors['wrong-client.ts']?.join('\n')).toContain('"chess"');
    expect(Object.keys(errors)).toEqual(['roundkeeper-api.ts', 'client.ts', 'wrong-client.ts']);
  }, TOOL_TIMEOUT_MS);

  it('describes the Socket.IO events in an AsyncAPI document its parser reads without a complaint', async () => {
    const { document: parsed, diagnostics } = await new Parser().parse(asyncApi);
    expect(diagnostics.map((d) => `${d.message} at ${d.path.join('/')}`)).toEqual([]);
    expect(parsed?.version()).toBe('3.1.0');
    const messages = parsed?.allMessages().all().map((m) => m.name()) ?? [];
    for (const event of [...SERVER_EVENTS, ...CLIENT_EVENTS]) expect(messages, event).toContain(event);
    const command = parsed?.operations().all().find((o) => o.id() === 'receive-command');
    expect(command?.reply()?.messages().all().map((m) => m.name())).toEqual(['command-ack']);
    // The parser does check: the same document with one reference broken is refused.
    const broken = asyncApi.replace('#/components/schemas/VersionedView', '#/components/schemas/Nowhere');
    const refused = await new Parser().parse(broken);
    expect(refused.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error)).toBe(true);
  }, TOOL_TIMEOUT_MS);

  it("carries only messages that fit the schemas the AsyncAPI document is made from, on a real server's sockets", async () => {
    const created = await createEncounterOver(server.url);
    const heard: { event: string; payload: unknown }[] = [];
    const listen = (socket: Socket) => socket.onAny((event: string, payload: unknown) => void heard.push({ event, payload }));
    const gm = await connected({ protocolVersion: PROTOCOL_VERSION, encounterId: created.encounterId, token: created.gmToken, viewPatches: true }, listen);
    const spectator = await connected({ protocolVersion: PROTOCOL_VERSION, encounterId: created.encounterId, token: created.spectatorToken, sharedViews: true }, listen);
    try {
      const added = commandAckSchema.parse(await gm.emitWithAck('command', { commandId: 'contract-1', command: { type: 'add-combatant', combatant: { name: 'Aria', side: 'pc', stats: { dex: 14 } } } }));
      const stale = commandAckSchema.parse(await gm.emitWithAck('command', { commandId: 'contract-2', expectedVersion: 0, command: { type: 'begin-initiative' } }));
      const synced = syncAckSchema.parse(await spectator.emitWithAck('sync', { knownVersion: 0 }));
      const clock = clockAckSchema.parse(await gm.emitWithAck('clock', {}));
      expect([added.ok, stale.ok, synced.ok, clock.ok]).toEqual([true, false, true, true]);
      expect(stale.ok === false && stale.view).toBeTruthy();
      await until(() => ['view', 'view-patch', 'presence', 'public-view', 'public-patch'].every((e) => heard.some((h) => h.event === e)));
      for (const { event, payload } of heard) {
        const schema = SENT[event];
        expect(schema, `no schema for ${event}`).toBeDefined();
        expect(schema?.safeParse(payload).error, event).toBeUndefined();
      }
    } finally {
      gm.close();
      spectator.close();
    }
  });
});

const SERVER_EVENTS = ['view', 'view-patch', 'public-view', 'public-patch', 'own', 'removed', 'presence', 'seat-offer', 'connect_error'] as const;
const CLIENT_EVENTS = ['handshake', 'command', 'sync', 'clock'] as const;

/** The schema of each event the server sends, as the AsyncAPI document names them. */
const SENT: Partial<Record<string, z.ZodType>> = {
  view: versionedViewSchema,
  'view-patch': viewPatchSchema,
  'public-view': versionedViewSchema,
  'public-patch': viewPatchSchema,
  own: ownPartSchema,
  presence: presenceSchema,
};

const EVENT_WAIT_MS = 10_000;

async function until(condition: () => boolean): Promise<void> {
  const end = Date.now() + EVENT_WAIT_MS;
  while (!condition()) {
    if (Date.now() > end) throw new Error('the events did not all arrive');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let serverUrl = '';
/** A websocket connected with this handshake, listened to before it connects. */
function connected(auth: Record<string, unknown>, listen: (socket: Socket) => void): Promise<Socket> {
  const socket = io(serverUrl, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  listen(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
