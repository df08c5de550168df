import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_LENGTH } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { problemOf } from './test-files.js';

describe('parseCreatureFile', () => {
  it('refuses a file over the size limit before reading it, whatever the format', () => {
    const huge = `name\n${'x'.repeat(MAX_CREATURE_FILE_LENGTH)}`;
    for (const format of ['csv', '5etools', 'foundry', 'improved-initiative'] as const) {
      expect(problemOf(parseCreatureFile(format, huge, 'dnd5e')).message).toMatch(/at most 4 MB/);
    }
  });
});
