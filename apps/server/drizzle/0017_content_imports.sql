CREATE TABLE "content_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"status" text NOT NULL,
	"books" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_imports_created_idx" ON "content_imports" USING btree ("created_at");