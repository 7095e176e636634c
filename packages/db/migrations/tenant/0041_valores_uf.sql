-- The UF value of each day for the reading of demandas (issue 41 §1): written each time the economic
-- indicators are fetched (the day's value, never over a value entered by hand) and entered by hand by the
-- receiver. Stored as numeric with the UF's two decimals; amounts are converted to CLP integers rounding half up.
CREATE TABLE IF NOT EXISTS "valores_uf" (
	"fecha" date PRIMARY KEY NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"origen" varchar(12) NOT NULL,
	"usuario_id" integer,
	"registrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valores_uf_valor_check" CHECK ("valor" > 0),
	CONSTRAINT "valores_uf_origen_check" CHECK ("origen" in ('indicadores', 'manual'))
);
