-- The deadlines of a range (the calendar's list, the dashboard's 'Vencen esta semana'): read in (vence, id)
-- order off this index alone, whose entries hold every column of the deadline the list shows (an index-only
-- scan; at 100,000 assignments a week's 560 deadlines were 231 heap pages visited). Same name and leading
-- column as before, so the other reads by due date keep using it.
DROP INDEX IF EXISTS "plazos_vence_idx";
--> statement-breakpoint
CREATE INDEX "plazos_vence_idx" ON "plazos" USING btree ("vence","id","encargo_id","estado","tipo","origen");
