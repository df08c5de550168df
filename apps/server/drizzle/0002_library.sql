CREATE TABLE "bestiary_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"library_id" text NOT NULL,
	"system" text NOT NULL,
	"position" serial NOT NULL,
	"creature" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carried_seats" (
	"encounter_id" text NOT NULL,
	"from_seat_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carried_seats_encounter_id_from_seat_id_pk" PRIMARY KEY("encounter_id","from_seat_id")
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "libraries_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" text PRIMARY KEY NOT NULL,
	"library_id" text NOT NULL,
	"name" text NOT NULL,
	"system" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_encounters" (
	"encounter_id" text PRIMARY KEY NOT NULL,
	"party_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"members" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_encounters_party_ordinal_unique" UNIQUE("party_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "party_members" (
	"id" text PRIMARY KEY NOT NULL,
	"party_id" text NOT NULL,
	"position" serial NOT NULL,
	"creature" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bestiary_entries" ADD CONSTRAINT "bestiary_entries_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carried_seats" ADD CONSTRAINT "carried_seats_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_encounters" ADD CONSTRAINT "party_encounters_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_encounters" ADD CONSTRAINT "party_encounters_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_members" ADD CONSTRAINT "party_members_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bestiary_entries_library_idx" ON "bestiary_entries" USING btree ("library_id","system");--> statement-breakpoint
CREATE INDEX "parties_library_idx" ON "parties" USING btree ("library_id");--> statement-breakpoint
CREATE INDEX "party_members_party_idx" ON "party_members" USING btree ("party_id");