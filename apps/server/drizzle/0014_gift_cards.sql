CREATE TABLE "gift_card_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"product" jsonb NOT NULL,
	"count" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_batches_count" CHECK ("gift_card_batches"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 500001 CACHE 1),
	"batch_id" integer,
	"code_hash" text,
	"code_tail" text,
	"product" jsonb NOT NULL,
	"source" text DEFAULT 'code' NOT NULL,
	"user_id" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"right_expire_at" timestamp with time zone,
	"delivery" jsonb,
	"delivery_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "lifelong_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lifelong_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"promo" text NOT NULL,
	"phone_hash" text NOT NULL,
	"status" integer NOT NULL,
	"mission_type" text,
	"token_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifelong_claims_user_promo" UNIQUE("user_id","promo"),
	CONSTRAINT "lifelong_claims_phone_promo" UNIQUE("phone_hash","promo")
);
--> statement-breakpoint
CREATE TABLE "lifelong_promos" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"right" text NOT NULL,
	"days" integer,
	"status_after" integer NOT NULL,
	"requires_status" integer DEFAULT 0 NOT NULL,
	"token_only" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifelong_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lifelong_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"promo" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifelong_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "promo_invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inviter_id" integer,
	"invitee_id" integer NOT NULL,
	"promotion" text NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_invites_invitee_id_unique" UNIQUE("invitee_id")
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_batch_id_gift_card_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_card_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifelong_claims" ADD CONSTRAINT "lifelong_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifelong_tokens" ADD CONSTRAINT "lifelong_tokens_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_invites" ADD CONSTRAINT "promo_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_invites" ADD CONSTRAINT "promo_invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_batch_idx" ON "gift_cards" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "gift_cards_user_idx" ON "gift_cards" USING btree ("user_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "lifelong_tokens_promo_idx" ON "lifelong_tokens" USING btree ("promo");--> statement-breakpoint
CREATE INDEX "promo_invites_inviter_idx" ON "promo_invites" USING btree ("inviter_id");