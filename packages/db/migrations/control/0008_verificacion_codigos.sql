-- Public verification of signed certificates (issue 26): which receiver issued a verification code.
-- Keyed by the SHA-256 of the code, so a look-up costs the same whether or not the code exists.
CREATE TABLE "verificacion_codigos" (
	"codigo_hash" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verificacion_codigos" ADD CONSTRAINT "verificacion_codigos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verificacion_codigos_tenant_idx" ON "verificacion_codigos" USING btree ("tenant_id");
