CREATE TABLE "study_time" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"book_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seconds" real NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "study_time_user_id_day_book_id_kind_pk" PRIMARY KEY("user_id","day","book_id","kind")
);
--> statement-breakpoint
ALTER TABLE "study_time" ADD CONSTRAINT "study_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_time_user_updated_idx" ON "study_time" USING btree ("user_id","updated_at");