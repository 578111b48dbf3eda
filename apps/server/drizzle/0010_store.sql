CREATE TABLE "dev_pay_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_pay_sessions" (
	"prepay_id" text PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"notify_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"transaction_id" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dev_pay_sessions_out_trade_no_unique" UNIQUE("out_trade_no")
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"right_name" text NOT NULL,
	"days" integer,
	"price" integer NOT NULL,
	"original_price" integer,
	"promo" jsonb,
	"channels" jsonb NOT NULL,
	"min_app_version" text,
	"apple_product_id" text,
	"huawei_product_id" text,
	"badge" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "goods_apple_product_id_unique" UNIQUE("apple_product_id"),
	CONSTRAINT "goods_huawei_product_id_unique" UNIQUE("huawei_product_id"),
	CONSTRAINT "goods_price_positive" CHECK ("goods"."price" > 0),
	CONSTRAINT "goods_days_positive" CHECK ("goods"."days" is null or "goods"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" integer,
	"idempotency_key" text NOT NULL,
	"uuid" text NOT NULL,
	"goods_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"right_name" text NOT NULL,
	"days" integer,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"pay_method" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"pay_action" jsonb,
	"promo_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"refunded_at" timestamp with time zone,
	"right_expire_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "orders_user_attempt" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"order_no" text,
	"provider_txn_id" text,
	"outcome" text NOT NULL,
	"detail" text,
	"body" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_txn" UNIQUE("method","kind","provider_txn_id")
);
--> statement-breakpoint
CREATE TABLE "right_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "right_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"right_name" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer,
	"lifetime" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"revokes_id" integer,
	"expire_before" timestamp with time zone,
	"expire_after" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "right_grants_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
DROP INDEX "user_rights_user_idx";--> statement-breakpoint
ALTER TABLE "user_rights" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "user_rights" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_grants" ADD CONSTRAINT "right_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","expire_at");--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_notifications_outcome_idx" ON "payment_notifications" USING btree ("outcome","received_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "right_grants_user_idx" ON "right_grants" USING btree ("user_id","right_name");--> statement-breakpoint
CREATE INDEX "right_grants_source_idx" ON "right_grants" USING btree ("source");--> statement-breakpoint
-- One row per user and right from now on: rows seeded before keep the one that lasts longest.
DELETE FROM "user_rights" a USING "user_rights" b WHERE a."user_id" = b."user_id" AND a."name" = b."name" AND (a."expire_time" < b."expire_time" OR (a."expire_time" = b."expire_time" AND a."id" < b."id"));--> statement-breakpoint
ALTER TABLE "user_rights" ADD CONSTRAINT "user_rights_user_name" UNIQUE("user_id","name");