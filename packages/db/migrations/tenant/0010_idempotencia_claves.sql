CREATE TABLE "idempotencia_claves" (
	"id" serial PRIMARY KEY NOT NULL,
	"operacion" varchar(40) NOT NULL,
	"clave" varchar(100) NOT NULL,
	"huella" varchar(64) NOT NULL,
	"encargo_id" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotencia_claves" ADD CONSTRAINT "idempotencia_claves_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotencia_claves_operacion_clave_uq" ON "idempotencia_claves" USING btree ("operacion","clave");