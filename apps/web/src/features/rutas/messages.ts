import { rutaMessages } from '@receptoria/contracts';

const contar = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/** Texts of Generar Rutas (spec 02 §2.3, §5, §8). */
export const rutasScreenMessages = {
  ...rutaMessages,
  title: 'Generar Rutas',
  subtitle: 'Domicilios activos de encargos pendientes y preparados. Seleccione los que visitará y genere la ruta.',
  filtroRol: 'Rol',
  filtroRolPlaceholder: 'Ej: C-123-2024',
  filtroComuna: 'Comuna',
  todasLasComunas: 'Todas las comunas',
  seleccionarTodos: 'Seleccionar todos',
  deseleccionarTodos: 'Deseleccionar todos',
  limpiarSeleccion: 'Limpiar selección',
  actualizar: 'Actualizar',
  generar: 'Generar Ruta',
  reintentar: 'Reintentar',
  cargando: 'Cargando domicilios...',
  seleccionados: (n: number, total: number) => `${n} de ${total} ${total === 1 ? 'seleccionado' : 'seleccionados'}`,
  columnas: {
    rol: 'Rol',
    estado: 'Estado',
    ejecutado: 'Ejecutado',
    direccion: 'Dirección completa',
    comuna: 'Comuna',
    ciudad: 'Ciudad',
    tipo: 'Tipo de encargo',
    fecha: 'Fecha encargo',
    estudio: 'Estudio jurídico',
  },
  estados: { pendiente: 'Pendiente', preparado: 'Preparado' },
  seleccionar: (rol: string, direccion: string) => `Seleccionar ${rol} ${direccion}`,
  panelTitulo: 'Ruta Generada - Formato Google Maps',
  copiar: 'Copiar Ruta',
  abrir: 'Abrir en Google Maps',
  imprimir: 'Imprimir hoja de ruta',
  partida: (comuna: string) => `Punto de partida: ${comuna}`,
  tramos: 'Tramos (Google Maps admite unas 10 paradas por enlace)',
  tramo: (n: number, desde: number, hasta: number) => `Tramo ${n}: paradas ${desde} a ${hasta}`,
  abrePrimerTramo: (total: number, hasta: number) =>
    `La ruta tiene ${total} tramos: 'Abrir en Google Maps' abre el primero (paradas 1 a ${hasta}); abra los siguientes desde su enlace.`,
  siguientesTramos: 'Siguientes tramos',
  detalle: 'Detalle de paradas',
  hojaTitulo: 'Hoja de Ruta',
  hojaFecha: (fecha: string) => `Fecha: ${fecha}`,
  hojaColumnas: { orden: 'N°', rol: 'Rol', direccion: 'Dirección', resultado: 'Resultado', hora: 'Hora', observaciones: 'Observaciones / firma' },
  estadisticas: (domicilios: number, encargos: number, comunas: number) =>
    `${contar(domicilios, 'domicilio', 'domicilios')} de ${contar(encargos, 'encargo', 'encargos')} en ${contar(comunas, 'comuna', 'comunas')}`,
} as const;
