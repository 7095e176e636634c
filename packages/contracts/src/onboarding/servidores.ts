import { z } from 'zod';
import { bodyIdSchema, boundedString, hasVisibleCharacter } from '../common/text';

/** Words of the database-server screens and answers (onboarding, admin only). */
export const servidoresMessages = {
  nombreRequerido: 'El nombre del servidor es requerido',
  nombreEnUso: 'Ya existe un servidor con ese nombre.',
  urlRequerida: 'La URL de conexión es requerida',
  urlInvalida: 'Ingrese una URL de PostgreSQL válida (postgres://usuario:clave@servidor:5432/postgres)',
  capacidadInvalida: 'La capacidad debe ser un número entero entre 1 y 100000',
  activoInvalido: 'El estado debe ser verdadero o falso',
  sinConexion: (motivo: string) => `No se pudo conectar al servidor: ${motivo}`,
  sinCreatedb: (usuario: string) => `El usuario ${usuario} no puede crear bases de datos en ese servidor (falta el permiso CREATEDB).`,
  sinClave: 'Configure TOKEN_ENCRYPTION_KEY antes de agregar servidores: la URL se guarda cifrada con ella.',
  soloPostgres: 'Los servidores de bases de datos requieren que la base de control sea PostgreSQL (DATABASE_URL).',
  servidorIdInvalido: 'Seleccione un servidor válido',
  servidorNoEncontrado: 'El servidor indicado no existe.',
  servidorInactivo: 'El servidor indicado está inactivo.',
  servidorLleno: (nombre: string) => `El servidor ${nombre} no tiene capacidad disponible.`,
  sinCapacidad: 'Ningún servidor activo tiene capacidad disponible para un receptor nuevo.',
  servidorCreado: 'Servidor agregado',
  mismoServidor: 'El receptor ya está en ese servidor.',
  trasladoEnCurso: 'El receptor ya se está trasladando; espere a que termine.',
  trasladoSinConfirmar:
    'El último traslado del receptor aún conserva su base anterior: confírmelo (se elimina esa base) antes de iniciar otro traslado.',
  sinTraslado: 'El receptor no tiene traslados.',
  nadaQueConfirmar: 'No hay una base anterior que eliminar: el último traslado no terminó o ya fue confirmado.',
  trasladoIniciado: 'Traslado iniciado',
  copiando: (servidor: string) => `Copiando la base al servidor ${servidor}…`,
  activo: (servidor: string, tablas: number) =>
    `Trasladado al servidor ${servidor}: ${tablas} tablas verificadas (filas y sumas de control). La base anterior se conserva hasta confirmar.`,
  confirmado: (servidor: string, tablas: number) =>
    `Trasladado al servidor ${servidor}: ${tablas} tablas verificadas. Base anterior eliminada.`,
  fallido: (motivo: string) => `El traslado falló y el receptor sigue en su servidor: ${motivo}`,
  diferencia: (tabla: string) => `la tabla ${tabla} no coincide entre la base anterior y la copia`,
  atascado: (minutos: number) =>
    `la copia siguió en curso más de ${minutos} minutos sin un trabajo que la continúe; el receptor vuelve a su base anterior y acepta cambios otra vez`,
  bloqueoPerdido:
    'se perdió el bloqueo del traslado (se cortó su conexión con la base de control), así que la copia se detuvo; el receptor vuelve a su base anterior y acepta cambios otra vez',
  trabajoTerminado:
    'el trabajo de la copia terminó sin completarla ni deshacerla (perdió su bloqueo cuando la base de control no respondía); el receptor vuelve a su base anterior y acepta cambios otra vez',
  limpiezaFallida: (motivo: string) =>
    `Aviso: el receptor ya usa el servidor nuevo, pero no se pudieron cerrar las conexiones a la base anterior (${motivo}); esa base sigue solo de lectura.`,
  trasladandose: 'El receptor se está trasladando a otro servidor; sus cambios se podrán guardar en unos momentos.',
} as const;

const m = servidoresMessages;

export const ServidorEstadoSchema = z.enum(['ok', 'caido']);

export const ServidorSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  capacidad: z.number().int(),
  receptores: z.number().int(),
  activo: z.boolean(),
  estado: ServidorEstadoSchema,
});
export type Servidor = z.infer<typeof ServidorSchema>;
export const ServidorListSchema = z.array(ServidorSchema);

export const POSTGRES_URL_PATTERN = /^postgres(?:ql)?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?(?:\?\S*)?$/i;

export const ServidorCreateSchema = z.object({
  nombre: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value === null ? undefined : value),
    boundedString(100, { error: m.nombreRequerido }).min(1, { error: m.nombreRequerido, abort: true }).refine(hasVisibleCharacter, { error: m.nombreRequerido }),
  ),
  url: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value === null ? undefined : value),
    boundedString(2000, { error: m.urlRequerida })
      .min(1, { error: m.urlRequerida, abort: true })
      .refine((value) => POSTGRES_URL_PATTERN.test(value), { error: m.urlInvalida }),
  ),
  capacidad: z.number({ error: m.capacidadInvalida }).int({ error: m.capacidadInvalida }).min(1, { error: m.capacidadInvalida }).max(100_000, { error: m.capacidadInvalida }),
  activo: z.boolean({ error: m.activoInvalido }).default(true),
});
export type ServidorCreateInput = z.input<typeof ServidorCreateSchema>;
export type ServidorCreateValue = z.output<typeof ServidorCreateSchema>;

export const ServidorCreateResponseSchema = ServidorSchema.extend({ message: z.string() });

/** The server a receiver's database moves to. */
export const TrasladoCreateSchema = z.object({ servidor_id: bodyIdSchema(m.servidorIdInvalido) });
export type TrasladoCreateValue = z.output<typeof TrasladoCreateSchema>;

export const TrasladoEstadoSchema = z.object({
  id: z.number().int(),
  estado: z.enum(['copiando', 'activo', 'fallido']),
  detalle: z.string(),
  origen_servidor_id: z.number().int(),
  destino_servidor_id: z.number().int(),
  base_anterior_eliminada: z.boolean(),
  tablas: z.array(z.object({ tabla: z.string(), filas: z.number().int(), checksum: z.string() })),
});
export type TrasladoEstado = z.infer<typeof TrasladoEstadoSchema>;

/** One move in the admin's list of moves (newest first); dates are ISO 8601 in UTC, `terminado` null while copying. */
export const TrasladoListItemSchema = z.object({
  id: z.number().int(),
  receptor_id: z.number().int(),
  receptor_nombre: z.string(),
  origen_id: z.number().int(),
  origen_nombre: z.string(),
  destino_id: z.number().int(),
  destino_nombre: z.string(),
  estado: TrasladoEstadoSchema.shape.estado,
  detalle: z.string(),
  creado: z.string(),
  terminado: z.string().nullable(),
});
export type TrasladoListItem = z.infer<typeof TrasladoListItemSchema>;
export const TrasladoListSchema = z.array(TrasladoListItemSchema);

/** How many moves the list shows at most. */
export const TRASLADOS_LIST_LIMIT = 100;
