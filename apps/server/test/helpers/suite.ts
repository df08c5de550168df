import { beforeAll, beforeEach } from 'vitest';

/**
 * beforeAll whose failure fails every test of the suite. A throwing beforeAll would mark the tests
 * "skipped", and an absent PostgreSQL must read as a failure, never as a skip.
 */
export function beforeAllOrFail(setup: () => Promise<void>): void {
  let failure: unknown;
  beforeAll(async () => {
    try {
      await setup();
    } catch (error) {
      failure = error;
    }
  });
  beforeEach(() => {
    if (failure !== undefined) throw failure;
  });
}
