CREATE TABLE "tracking_visitors" (
	"business_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_visitors_business_id_visitor_id_pk" PRIMARY KEY("business_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "tracking_visitors" ADD CONSTRAINT "tracking_visitors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;