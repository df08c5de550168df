import { z } from 'zod';
import type { AudienceCheckpoint } from './encounter-log.js';

const count = z.number().int().nonnegative();

/** A checkpoint as read back from the store: anything else (a row written by other code) is not used. */
export const audienceCheckpointSchema: z.ZodType<AudienceCheckpoint> = z.object({
  seq: z.number().int().positive(),
  public: count,
  seats: z.record(z.string().min(1), count),
});
