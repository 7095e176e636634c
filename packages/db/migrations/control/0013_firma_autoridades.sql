-- CA certificates the platform admin adds to build signers' chains (issue 39): roots and intermediates of the accredited providers.
CREATE TABLE IF NOT EXISTS "firma_autoridades" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificado_der" text NOT NULL,
	"huella_sha256" varchar(64) NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"sujeto" varchar(2000) NOT NULL,
	"emisor" varchar(2000) NOT NULL,
	"valido_desde" timestamp with time zone NOT NULL,
	"valido_hasta" timestamp with time zone NOT NULL,
	"agregada_por" varchar(150) NOT NULL,
	"agregada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firma_autoridades_huella_sha256_unique" UNIQUE("huella_sha256")
);
