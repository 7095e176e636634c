/** Texts of the audit trail and of edit conflicts (optimistic concurrency). */
export const auditoriaMessages = {
  registroModificado: 'El registro fue modificado por otra persona. Recargue para ver los cambios.',
  versionInvalida: 'Versión inválida',
  entidadInvalida: 'Entidad inválida',
  historial: 'Historial',
  datosEncargo: 'Datos del encargo',
  sinCambios: 'Sin cambios registrados.',
  errorCargando: 'Error cargando el historial',
  recargar: 'Recargar',
} as const;

/** How each action reads in the Historial tab. */
export const AUDIT_ACCION_LABELS: Record<string, string> = {
  crear: 'Creación',
  modificar: 'Modificación',
  re_encargo: 'Re-encargo',
  re_encargado: 'Marcado como re-encargado',
  agregar_emails: 'Correos agregados',
  agregar_partes: 'Partes demandantes agregadas',
  asignar_permisos: 'Permisos asignados',
  revocar_permiso: 'Permiso revocado',
  agregar_usuario: 'Usuario agregado',
  eliminar: 'Eliminación',
  resultados: 'Resultados registrados',
  estampado: 'Estampado',
  estampado_generado: 'Estampado generado',
  estampado_eliminado: 'Estampado eliminado',
};
