CREATE TABLE "commands" (
	"encounter_id" text NOT NULL,
	"command_id" text NOT NULL,
	"version" integer NOT NULL,
	"ack" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commands_encounter_id_command_id_pk" PRIMARY KEY("encounter_id","command_id")
);
--> statement-breakpoint
CREATE TABLE "encounters" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"system" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gm_token_hash" text NOT NULL,
	"spectator_token_hash" text NOT NULL,
	"join_code" text NOT NULL,
	CONSTRAINT "encounters_join_code_unique" UNIQUE("join_code")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"encounter_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"command_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_encounter_seq_unique" UNIQUE("encounter_id","seq")
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" text PRIMARY KEY NOT NULL,
	"encounter_id" text NOT NULL,
	"combatant_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seats_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "seats_encounter_combatant_unique" UNIQUE("encounter_id","combatant_id")
);
--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE cascade ON UPDATE no action;