CREATE TABLE "camp_days" (
	"camp_id" integer NOT NULL,
	"day" integer NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"book_id" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "camp_days_camp_id_day_level_pk" PRIMARY KEY("camp_id","day","level")
);
--> statement-breakpoint
CREATE TABLE "camp_members" (
	"camp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"start_day" text NOT NULL,
	"level" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"reward_collected_at" timestamp with time zone,
	CONSTRAINT "camp_members_camp_id_user_id_pk" PRIMARY KEY("camp_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "camps" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"days" integer NOT NULL,
	"levels" integer[] DEFAULT '{}' NOT NULL,
	"reward_coins" integer DEFAULT 0 NOT NULL,
	"reward_diamonds" integer DEFAULT 0 NOT NULL,
	"promo" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camps_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "kob_challenges" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"book_id" integer NOT NULL,
	"score" integer NOT NULL,
	"opponent_user_id" integer,
	"opponent_score" integer NOT NULL,
	"won" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kob_challenges_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "reading_days" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "reading_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inner_id" text NOT NULL,
	"period" text NOT NULL,
	"type" integer NOT NULL,
	"day" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"book_id" integer,
	"book_seq" integer DEFAULT 0 NOT NULL,
	"target" integer NOT NULL,
	"coins" integer NOT NULL,
	"diamonds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	CONSTRAINT "user_missions_once" UNIQUE("user_id","inner_id","period")
);
--> statement-breakpoint
ALTER TABLE "camp_days" ADD CONSTRAINT "camp_days_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_days" ADD CONSTRAINT "camp_days_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_members" ADD CONSTRAINT "camp_members_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_members" ADD CONSTRAINT "camp_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kob_challenges" ADD CONSTRAINT "kob_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kob_challenges" ADD CONSTRAINT "kob_challenges_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_days" ADD CONSTRAINT "reading_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_members_user_idx" ON "camp_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_missions_level_idx" ON "user_missions" USING btree ("user_id","level");