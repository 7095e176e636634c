CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" integer NOT NULL,
	"usuario_id" integer,
	"usuario" varchar(150) DEFAULT '' NOT NULL,
	"entidad" varchar(40) NOT NULL,
	"entidad_id" integer NOT NULL,
	"accion" varchar(40) NOT NULL,
	"cambios" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estampado_documentos" (
	"documento_id" varchar(36) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "estampado_documentos" ADD CONSTRAINT "estampado_documentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id","id");--> statement-breakpoint
CREATE INDEX "estampado_documentos_tenant_idx" ON "estampado_documentos" USING btree ("tenant_id");