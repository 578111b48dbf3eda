CREATE TABLE "course_progress" (
	"user_id" integer NOT NULL,
	"course_uuid" text NOT NULL,
	"best_score" integer DEFAULT 0 NOT NULL,
	"stars" integer DEFAULT 0 NOT NULL,
	"finish_count" integer DEFAULT 0 NOT NULL,
	"paid_coins" integer DEFAULT 0 NOT NULL,
	"paid_diamonds" integer DEFAULT 0 NOT NULL,
	"first_finished_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	CONSTRAINT "course_progress_user_id_course_uuid_pk" PRIMARY KEY("user_id","course_uuid")
);
--> statement-breakpoint
CREATE TABLE "course_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_uuid" text NOT NULL,
	"process_id" integer NOT NULL,
	"score" integer NOT NULL,
	"stars" integer NOT NULL,
	"study_time" integer NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"items" jsonb NOT NULL,
	"reward" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"uuid" text PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"level" integer NOT NULL,
	"week" integer NOT NULL,
	"stage" integer NOT NULL,
	"sub_path" integer NOT NULL,
	"position" integer NOT NULL,
	"book_id" integer NOT NULL,
	"title_cn" text NOT NULL,
	"title_en" text NOT NULL,
	"duration" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "courses_process_id_unique" UNIQUE("process_id")
);
--> statement-breakpoint
CREATE TABLE "plan_reward_claims" (
	"user_id" integer NOT NULL,
	"level" integer NOT NULL,
	"week" integer NOT NULL,
	"stage" integer NOT NULL,
	"coins" integer NOT NULL,
	"diamonds" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_reward_claims_user_id_level_week_stage_pk" PRIMARY KEY("user_id","level","week","stage")
);
--> statement-breakpoint
CREATE TABLE "plan_weeks" (
	"level" integer NOT NULL,
	"week" integer NOT NULL,
	"world" integer NOT NULL,
	"book_id" integer NOT NULL,
	"theme_cn" text NOT NULL,
	"theme_en" text NOT NULL,
	"days" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "plan_weeks_level_week_pk" PRIMARY KEY("level","week")
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_uuid_courses_uuid_fk" FOREIGN KEY ("course_uuid") REFERENCES "public"."courses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reports" ADD CONSTRAINT "course_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reports" ADD CONSTRAINT "course_reports_course_uuid_courses_uuid_fk" FOREIGN KEY ("course_uuid") REFERENCES "public"."courses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_reward_claims" ADD CONSTRAINT "plan_reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_weeks" ADD CONSTRAINT "plan_weeks_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_reports_user_idx" ON "course_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "courses_plan_idx" ON "courses" USING btree ("level","week","stage","sub_path","position");--> statement-breakpoint
CREATE INDEX "plan_weeks_book_idx" ON "plan_weeks" USING btree ("book_id");