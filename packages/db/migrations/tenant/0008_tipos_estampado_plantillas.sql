-- Results and stamps: the result (stamp) types a Chilean receiver uses, with default fees in CLP,
-- and one built-in certificate template per type (plantilla_base names the wording kept in the API's
-- stamp-templates module; a receiver can later upload their own DOCX over it).
INSERT INTO "tipos_estampado" ("codigo", "nombre", "valor_por_defecto", "orden") VALUES
  ('busqueda_positiva', 'Búsqueda positiva', 35000, 1),
  ('busqueda_negativa', 'Búsqueda negativa', 30000, 2),
  ('busqueda_negativa_domicilio_incompleto', 'Búsqueda negativa - domicilio incompleto', 30000, 3),
  ('busqueda_negativa_numeracion_inexistente', 'Búsqueda negativa - numeración inexistente', 30000, 4),
  ('busqueda_negativa_no_reside', 'Búsqueda negativa - no reside en el domicilio', 30000, 5),
  ('notificacion_personal', 'Notificación personal', 45000, 6),
  ('notificacion_subsidiaria_art_44', 'Notificación subsidiaria art. 44', 50000, 7),
  ('notificacion_cedula', 'Notificación por cédula', 30000, 8),
  ('requerimiento_pago', 'Requerimiento de pago', 45000, 9),
  ('oposicion_embargo', 'Oposición al embargo', 55000, 10),
  ('embargo_bienes', 'Embargo de bienes', 70000, 11),
  ('retiro_especies', 'Retiro de especies', 120000, 12),
  ('lanzamiento', 'Lanzamiento', 150000, 13),
  ('notificacion_sentencia', 'Notificación de sentencia', 40000, 14)
ON CONFLICT ("codigo") DO NOTHING;
--> statement-breakpoint
INSERT INTO "plantillas" ("nombre", "tipo_estampado_id", "plantilla_base", "modificado_por")
SELECT 'plantilla_' || "codigo" || '_receptoria', "id", "codigo", 'sistema'
FROM "tipos_estampado"
ORDER BY "orden"
ON CONFLICT ("nombre") DO NOTHING;
