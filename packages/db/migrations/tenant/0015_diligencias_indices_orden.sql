-- The reads order by "fecha_diligencia DESC, id DESC" (and "id DESC"), which PostgreSQL takes as NULLS FIRST:
-- indexes built NULLS LAST did not match, so "the last diligence of an assignment" (ORDER BY ... LIMIT 1)
-- was planned as a backward walk of every diligence by date, filtered by assignment, once a receiver had
-- a few thousand of them (4.6 ms instead of 0.3 ms for an assignment without results). The columns are
-- NOT NULL: the order of nulls changes nothing but the match.
DROP INDEX "diligencias_encargo_idx";--> statement-breakpoint
DROP INDEX "informes_envios_estudio_idx";--> statement-breakpoint
DROP INDEX "planillas_cobranza_fecha_idx";--> statement-breakpoint
CREATE INDEX "diligencias_encargo_idx" ON "diligencias" USING btree ("encargo_id","fecha_diligencia" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "informes_envios_estudio_idx" ON "informes_envios" USING btree ("estudio_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "planillas_cobranza_fecha_idx" ON "planillas_cobranza" USING btree ("fecha_creacion" DESC NULLS FIRST,"id" DESC NULLS FIRST);