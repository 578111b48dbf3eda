CREATE TABLE "book_pages" (
	"book_id" integer NOT NULL,
	"page" integer NOT NULL,
	"image" text NOT NULL,
	"image_small" text NOT NULL,
	"placeholder" text NOT NULL,
	"audio" text NOT NULL,
	"duration" real NOT NULL,
	"sentences" jsonb NOT NULL,
	"note_cn" text,
	"read_sentences_timeline" text NOT NULL,
	"read_words_timeline" text NOT NULL,
	"sentences_timeline" text NOT NULL,
	"words_timeline" text NOT NULL,
	CONSTRAINT "book_pages_book_id_page_pk" PRIMARY KEY("book_id","page")
);
--> statement-breakpoint
CREATE TABLE "book_words" (
	"book_id" integer NOT NULL,
	"position" integer NOT NULL,
	"word" text NOT NULL,
	"pos" text NOT NULL,
	"meaning_cn" text NOT NULL,
	"example" text NOT NULL,
	"audio" text NOT NULL,
	CONSTRAINT "book_words_book_id_position_pk" PRIMARY KEY("book_id","position")
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_cn" text NOT NULL,
	"level" integer NOT NULL,
	"category" integer NOT NULL,
	"book_type" integer NOT NULL,
	"summary_cn" text NOT NULL,
	"cover" jsonb NOT NULL,
	"page_count" integer NOT NULL,
	"word_count" integer NOT NULL,
	"duration" real NOT NULL,
	"timing_source" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "book_pages" ADD CONSTRAINT "book_pages_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_words" ADD CONSTRAINT "book_words_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_level_idx" ON "books" USING btree ("level","id");