CREATE TABLE "encargo_totales" (
	"estado" varchar(30) PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
