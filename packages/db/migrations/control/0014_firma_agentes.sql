-- The signing agent on the receiver's PC (issue 39 §1): a short-lived pairing code shown in Mi perfil, exchanged
-- once for the agent's token (both kept only as SHA-256 hashes), bound to the user and the receiver.
CREATE TABLE IF NOT EXISTS "firma_agente_codigos" (
	"codigo_hash" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"usuario_id" integer NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "firma_agentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"equipo" varchar(100) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"visto_en" timestamp with time zone,
	"revocado_en" timestamp with time zone,
	CONSTRAINT "firma_agentes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firma_agentes_usuario_idx" ON "firma_agentes" ("tenant_id", "usuario_id");
