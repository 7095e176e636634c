CREATE TABLE "indicadores_cache" (
	"codigo" varchar(10) PRIMARY KEY NOT NULL,
	"valor" double precision NOT NULL,
	"fecha" date,
	"obtenido_en" timestamp with time zone NOT NULL
);
