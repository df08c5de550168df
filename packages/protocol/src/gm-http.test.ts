import { describe, expect, it } from 'vitest';
import { httpStatusOf } from './errors.js';
import { joinLockRequestSchema, listEncountersRequestSchema } from './gm-http.js';
import { MAX_LISTED_ENCOUNTERS } from './limits.js';
import { encounterExportSchema, EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from './transfer.js';

describe('GM routes', () => {
  it('take a bounded list of GM tokens and a boolean lock', () => {
    expect(listEncountersRequestSchema.safeParse({ gmTokens: ['a'] }).success).toBe(true);
    expect(listEncountersRequestSchema.safeParse({ gmTokens: Array(MAX_LISTED_ENCOUNTERS + 1).fill('a') }).success).toBe(false);
    expect(joinLockRequestSchema.safeParse({ locked: 'yes' }).success).toBe(false);
  });

  it('map the new refusals to their statuses', () => {
    expect(httpStatusOf('join-locked')).toBe(403);
    expect(httpStatusOf('busy')).toBe(503);
  });
});

describe('the export file', () => {
  const file = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    encounter: { id: 'e1', name: 'Crypt', system: 'dnd5e', createdAt: '2025-01-01T00:00:00.000Z' },
    version: 1,
    ended: false,
    events: [{ seq: 1, commandId: null, event: { type: 'encounter-created', seed: null } }],
  };

  it('accepts an export and refuses other formats and events without a type', () => {
    expect(encounterExportSchema.safeParse(file).success).toBe(true);
    expect(encounterExportSchema.safeParse({ ...file, format: 'other' }).success).toBe(false);
    expect(encounterExportSchema.safeParse({ ...file, events: [{ seq: 1, commandId: null, event: {} }] }).success).toBe(false);
    expect(encounterExportSchema.safeParse({ ...file, events: [] }).success).toBe(false);
  });
});
