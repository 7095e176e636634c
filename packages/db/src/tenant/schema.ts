import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One free-text note per user (spec 01 §2 personal notes). `usuario_id` refers to the control DB user. */
export const apuntesPersonales = pgTable('apuntes_personales', {
  id: serial('id').primaryKey(),
  usuarioId: integer('usuario_id').notNull().unique(),
  texto: text('texto').notNull().default(''),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }).notNull().defaultNow(),
});
