import { describe, expect, it } from 'vitest';
import { systemCatalogue } from '@roundkeeper/rules';
import { SYSTEMS } from './catalogue.js';

describe('the console catalogue', () => {
  it('is what the rules register (if not: npx tsx apps/web/scripts/write-catalogue.ts)', () => {
    expect(SYSTEMS).toEqual(JSON.parse(JSON.stringify(systemCatalogue())));
  });
});
