-- Deleting a diligence checks that no receipt item (active or annulled) points at it (ON DELETE restrict):
-- with only the partial unique index of the active items, each check read the whole recibo_items table.
-- A full index on diligencia_id answers it with one probe (and serves the annulled items' look-ups too).
CREATE INDEX "recibo_items_diligencia_idx" ON "recibo_items" USING btree ("diligencia_id");
