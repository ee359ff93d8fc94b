CREATE TABLE "crisis_counts" (
	"day" date NOT NULL,
	"region" text NOT NULL,
	"language" text NOT NULL,
	"detected_by" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crisis_counts_day_region_language_detected_by_pk" PRIMARY KEY("day","region","language","detected_by")
);
