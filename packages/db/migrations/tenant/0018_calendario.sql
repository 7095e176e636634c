CREATE TABLE "calendario_configuracion" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sabado_habil" boolean DEFAULT true NOT NULL,
	"region" varchar(6) DEFAULT '' NOT NULL,
	"dias_sla_subida" smallint DEFAULT 2 NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendario_configuracion_unica" CHECK ("calendario_configuracion"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "feriados_propios" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"nombre" varchar(150) NOT NULL,
	"creado_por" integer NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feriados_propios_fecha_unique" UNIQUE("fecha")
);
