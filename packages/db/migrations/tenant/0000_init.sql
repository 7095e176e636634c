CREATE TABLE "apuntes_personales" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apuntes_personales_usuario_id_unique" UNIQUE("usuario_id")
);
