import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// The published HTTP contract, read by the tools a third party would use on it: a validator of the
// OpenAPI 3.1 specification that resolves every $ref, and openapi-typescript, whose types a client
// written against them must type-check.

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

describe('the OpenAPI document, read by real tools', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  let document: Record<string, unknown>;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
    const response = await fetch(`${server.url}/api/openapi.json`);
    document = (await response.json()) as Record<string, unknown>;
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
  });

  it('generates TypeScript types with openapi-typescript that a client type-checks against', async () => {
    const generated = astToString(await openapiTS(document));
    expect(generated).toContain('"/api/encounters"');
    // The same client with a body the schema forbids, to show the check can fail.
    const wrong = CLIENT_USING_THE_TYPES.replace("system: 'dnd5e'", "system: 'chess'");
    const errors = await typeErrors({ 'roundkeeper-api.ts': generated, 'client.ts': CLIENT_USING_THE_TYPES, 'wrong-client.ts': wrong });
    expect(errors['roundkeeper-api.ts']).toEqual([]);
    expect(errors['client.ts']).toEqual([]);
    expect(errors['wrong-client.ts']?.join('\n')).toContain('"chess"');
    expect(Object.keys(errors)).toEqual(['roundkeeper-api.ts', 'client.ts', 'wrong-client.ts']);
  });
});
