CREATE TABLE "item_rewards" (
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"type" integer NOT NULL,
	"item_id" text NOT NULL,
	"best_score" integer DEFAULT 0 NOT NULL,
	"paid_coins" integer DEFAULT 0 NOT NULL,
	"paid_credits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_rewards_user_id_book_id_type_item_id_pk" PRIMARY KEY("user_id","book_id","type","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_rewards" ADD CONSTRAINT "item_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_rewards" ADD CONSTRAINT "item_rewards_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;