CREATE TABLE "portal_usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"estudio_id" integer NOT NULL,
	"nombre" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"invitacion_hash" varchar(64),
	"invitacion_vence" timestamp with time zone,
	"invitado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"activado_en" timestamp with time zone,
	"ultimo_acceso" timestamp with time zone,
	"preferencias" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creado_por" varchar(150) DEFAULT '' NOT NULL,
	CONSTRAINT "portal_usuarios_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "portal_usuarios_invitacion_hash_unique" UNIQUE("invitacion_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_usuarios_email_key" ON "portal_usuarios" USING btree ("tenant_id",lower("email"));
--> statement-breakpoint
CREATE INDEX "portal_usuarios_email_idx" ON "portal_usuarios" USING btree (lower("email"));
--> statement-breakpoint
CREATE INDEX "portal_usuarios_estudio_idx" ON "portal_usuarios" USING btree ("tenant_id","estudio_id");
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "portal_usuario_id" integer;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_portal_usuario_id_portal_usuarios_id_fk" FOREIGN KEY ("portal_usuario_id") REFERENCES "public"."portal_usuarios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_owner_check" CHECK (num_nonnulls("user_id", "portal_usuario_id") = 1);
--> statement-breakpoint
CREATE INDEX "refresh_tokens_portal_usuario_idx" ON "refresh_tokens" USING btree ("portal_usuario_id");
