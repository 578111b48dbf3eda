CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"county_code" text NOT NULL,
	"street" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotteries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"rules" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"daily_chances" integer DEFAULT 1 NOT NULL,
	"apply_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_chance_grants" (
	"user_id" integer NOT NULL,
	"lottery_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"day" text NOT NULL,
	"chances" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_chance_grants_user_id_lottery_id_key_pk" PRIMARY KEY("user_id","lottery_id","key")
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 700001 CACHE 1),
	"user_id" integer NOT NULL,
	"lottery_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_request_unique" UNIQUE("user_id","lottery_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "lottery_players" (
	"user_id" integer NOT NULL,
	"lottery_id" integer NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_players_user_id_lottery_id_pk" PRIMARY KEY("user_id","lottery_id"),
	CONSTRAINT "lottery_players_used" CHECK ("lottery_players"."used" >= 0 and "lottery_players"."used" <= "lottery_players"."granted")
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lottery_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_prizes_counts" CHECK ("lottery_prizes"."weight" >= 0 and ("lottery_prizes"."stock" is null or "lottery_prizes"."stock" >= 0) and "lottery_prizes"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"kind" text NOT NULL,
	"full_method" integer NOT NULL,
	"show_fake_stock" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 300001 CACHE 1),
	"user_id" integer,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"title" text NOT NULL,
	"sku_title" text NOT NULL,
	"image" text NOT NULL,
	"kind" text NOT NULL,
	"full_method" integer NOT NULL,
	"points" integer NOT NULL,
	"status" integer NOT NULL,
	"address" jsonb,
	"request_id" text,
	"carrier" text,
	"tracking_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "points_orders_request_unique" UNIQUE("user_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "points_sign_ins" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_sign_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "points_skus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_skus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 2001 CACHE 1),
	"goods_id" integer NOT NULL,
	"title" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"grant_days" integer,
	"grant_coins" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_skus_stock_non_negative" CHECK ("points_skus"."stock" >= 0 and "points_skus"."sold" >= 0),
	CONSTRAINT "points_skus_price_positive" CHECK ("points_skus"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_task_claims" (
	"user_id" integer NOT NULL,
	"task_id" text NOT NULL,
	"period" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_task_claims_user_id_task_id_period_pk" PRIMARY KEY("user_id","task_id","period")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chance_grants" ADD CONSTRAINT "lottery_chance_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chance_grants" ADD CONSTRAINT "lottery_chance_grants_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_players" ADD CONSTRAINT "lottery_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_players" ADD CONSTRAINT "lottery_players_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_sign_ins" ADD CONSTRAINT "points_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_skus" ADD CONSTRAINT "points_skus_goods_id_points_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."points_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_task_claims" ADD CONSTRAINT "points_task_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lottery_draws_user_idx" ON "lottery_draws" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_prizes_lottery_idx" ON "lottery_prizes" USING btree ("lottery_id");--> statement-breakpoint
CREATE INDEX "points_orders_user_idx" ON "points_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "points_skus_goods_idx" ON "points_skus" USING btree ("goods_id");