import { z } from 'zod';
import type { AudienceCheckpoint } from './event-store.js';

/**
 * A command whose events cross a multiple of this many seqs carries the audience counts from before it
 * (about one command in ten: commands write 1 to 5 events). A room loads from the latest checkpoint and
 * replays the commands after it (AudienceVersions.advance, the costly part of a load) instead of every
 * command since the encounter began: a node's restart re-opens every table at once (the reconnect storm,
 * docs/performance.md). Stateless, so every node and every retry agree without coordination.
 */
export const CHECKPOINT_EVERY_SEQS = 32;

/** Whether the command taking the log from `fromSeq` to `toSeq` carries a checkpoint. */
export const checkpointDue = (fromSeq: number, toSeq: number): boolean =>
  Math.floor(fromSeq / CHECKPOINT_EVERY_SEQS) !== Math.floor(toSeq / CHECKPOINT_EVERY_SEQS);

const count = z.number().int().nonnegative();

/** A checkpoint as read back from the store: anything else (a row written by other code) is not used. */
export const audienceCheckpointSchema: z.ZodType<AudienceCheckpoint> = z.object({
  seq: z.number().int().positive(),
  public: count,
  seats: z.record(z.string().min(1), count),
});
