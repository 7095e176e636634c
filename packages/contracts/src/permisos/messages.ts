/** Messages of the users-and-permissions area (spec 02 §6 and §8). */
export const permisoMessages = {
  cargaError: 'Error al cargar usuarios y permisos',
  cambioError: 'Error al cambiar permisos del usuario',
  usuarioNoEncontrado: 'Usuario no encontrado.',
  permisosRequeridos: 'Debe indicar al menos un permiso',
  permisoInvalido: 'Permiso inválido',
  demasiadosPermisos: 'Demasiados permisos en una sola solicitud',
  permisosInexistentes: (ids: readonly number[]) =>
    ids.length === 1 ? `No existe el permiso con id ${ids[0]}` : `No existen los permisos con ids ${ids.join(', ')}`,
  adminInmutable: 'Los permisos del usuario admin no se pueden modificar: tiene acceso a todos los módulos.',
  ultimoGestor:
    'No puede quitarse el permiso de gestionar permisos: es el único usuario del receptor que lo tiene. Asígnelo primero a otro usuario.',
} as const;
