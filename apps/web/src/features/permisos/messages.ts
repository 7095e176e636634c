import { permisoMessages } from '@receptoria/contracts';

/** Texts of the Usuarios y Permisos screen (spec 02 §2.6, §6, §8). */
export const permisosMessages = {
  title: 'Usuarios y Permisos',
  subtitle:
    'Marque los módulos a los que accede cada usuario del receptor. Cada casilla otorga o revoca todos los permisos del grupo.',
  usersNote: 'Agregar o quitar usuarios lo realiza el administrador del sistema.',
  columns: { nombre: 'Nombre', username: 'Usuario', cargo: 'Cargo' },
  cargo: { receptor: 'Receptor', secretaria: 'Secretaria' },
  you: 'Tú',
  fullAccess: 'Acceso total',
  adminHint: 'El usuario admin tiene acceso a todos los módulos; sus permisos no se modifican.',
  groupIncludes: 'Incluye:',
  partial: (held: number, total: number) => `Tiene ${held} de ${total} permisos del grupo`,
  empty: 'No hay usuarios activos en este receptor.',
  retry: 'Reintentar',
  loading: 'Cargando usuarios y permisos...',
  checkboxLabel: (group: string, username: string) => `${group} de ${username}`,
  granted: (group: string, name: string) => `Permiso ${group} otorgado a ${name}`,
  revoked: (group: string, name: string) => `Permiso ${group} revocado a ${name}`,
  confirmRevoke: {
    title: (group: string) => `¿Quitar el acceso a ${group}?`,
    text: (group: string, name: string, permisos: string) =>
      `${name} dejará de tener acceso a ${group} (${permisos}). Podrá volver a dárselo marcando la casilla.`,
    confirm: 'Quitar acceso',
  },
  loadError: permisoMessages.cargaError,
  changeError: permisoMessages.cambioError,
} as const;
