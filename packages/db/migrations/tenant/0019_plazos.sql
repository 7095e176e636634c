CREATE TABLE "plazos" (
	"id" serial PRIMARY KEY NOT NULL,
	"encargo_id" integer NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"desde" date NOT NULL,
	"dias" integer NOT NULL,
	"vence" date NOT NULL,
	"estado" varchar(20) DEFAULT 'pendiente' NOT NULL,
	"origen" varchar(80) NOT NULL,
	"lugar_requerimiento" varchar(30),
	"dias_tabla" integer,
	"cumplido_en" date,
	"cumplido_por" varchar(150),
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plazos" ADD CONSTRAINT "plazos_encargo_id_encargos_id_fk" FOREIGN KEY ("encargo_id") REFERENCES "public"."encargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plazos_vence_idx" ON "plazos" USING btree ("vence");--> statement-breakpoint
CREATE INDEX "plazos_encargo_idx" ON "plazos" USING btree ("encargo_id");