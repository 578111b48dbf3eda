CREATE TABLE "word_reviews" (
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"word" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" integer NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"last_outcome" text NOT NULL,
	CONSTRAINT "word_reviews_user_id_book_id_word_pk" PRIMARY KEY("user_id","book_id","word")
);
--> statement-breakpoint
ALTER TABLE "word_reviews" ADD CONSTRAINT "word_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_reviews" ADD CONSTRAINT "word_reviews_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_reviews_due_idx" ON "word_reviews" USING btree ("user_id","due");