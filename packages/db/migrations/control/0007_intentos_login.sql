CREATE TABLE "intentos_login" (
	"clave" varchar(200) PRIMARY KEY NOT NULL,
	"fallos" integer NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"ultimo_fallo" timestamp with time zone NOT NULL,
	"vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "intentos_login_vence_idx" ON "intentos_login" USING btree ("vence");