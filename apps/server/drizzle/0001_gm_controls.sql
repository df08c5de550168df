ALTER TABLE "encounters" ADD COLUMN "join_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "encounters_gm_token_hash_idx" ON "encounters" USING btree ("gm_token_hash");