-- The work queue's deadlines. Each listed assignment's nearest open deadline (vence, then id) is the first
-- entry of its assignment in this index: no sort per row (it had (encargo_id, vence) and sorted on id).
DROP INDEX IF EXISTS "plazos_pendientes_encargo_idx";
--> statement-breakpoint
CREATE INDEX "plazos_pendientes_encargo_idx" ON "plazos" USING btree ("encargo_id","vence","id") WHERE "plazos"."estado" = 'pendiente';
--> statement-breakpoint
-- The art. 46 letters still to send, soonest due first: read in order off their own entries instead of
-- every deadline by due date, filtered (at 100,000 assignments four in five deadlines read were not letters).
CREATE INDEX "plazos_cartas_art46_pendientes_idx" ON "plazos" USING btree ("vence","id") WHERE "plazos"."tipo" = 'carta_art_46' AND "plazos"."estado" = 'pendiente';
