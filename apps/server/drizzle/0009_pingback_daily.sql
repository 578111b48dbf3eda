CREATE TABLE "pingback_daily" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"level" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "pingback_daily_day_event_level_pk" PRIMARY KEY("day","event","level")
);
