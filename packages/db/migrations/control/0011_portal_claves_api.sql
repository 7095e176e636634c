CREATE TABLE "portal_claves_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"estudio_id" integer NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"prefijo" varchar(16) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"alcances" jsonb NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"creada_por" varchar(150) DEFAULT '' NOT NULL,
	"ultimo_uso" timestamp with time zone,
	"expira" date,
	"revocada_en" timestamp with time zone,
	CONSTRAINT "portal_claves_api_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "portal_claves_api" ADD CONSTRAINT "portal_claves_api_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "portal_claves_api_estudio_idx" ON "portal_claves_api" USING btree ("tenant_id","estudio_id");
