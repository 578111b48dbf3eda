ALTER TABLE "speech_sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "speech_sessions" ADD COLUMN "buffered_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "speech_sessions" ADD COLUMN "touched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "speech_sessions_user_idx" ON "speech_sessions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "speech_sessions_device_idx" ON "speech_sessions" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "speech_sessions_buffered_idx" ON "speech_sessions" USING btree ("buffered_bytes") WHERE buffered_bytes > 0;--> statement-breakpoint
-- Sessions open during the upgrade count what their chunks already hold.
UPDATE "speech_sessions" SET "buffered_bytes" = c."bytes" FROM (SELECT "session_id", sum(octet_length("pcm"))::integer AS "bytes" FROM "speech_chunks" GROUP BY "session_id") AS c WHERE c."session_id" = "speech_sessions"."id";
