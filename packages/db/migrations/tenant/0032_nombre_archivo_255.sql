ALTER TABLE "solicitud_archivos" ALTER COLUMN "nombre" SET DATA TYPE varchar(255);--> statement-breakpoint
ALTER TABLE "encargo_adjuntos" ALTER COLUMN "nombre" SET DATA TYPE varchar(255);
