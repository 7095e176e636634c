import { z } from 'zod';
import { idSchema } from '../common/text';

/**
 * GET /exportar/: every piece of a receiver's data as one ZIP (one XLSX per entity, each sheet with one
 * row of Spanish headers, and every stored document in folders by rol). Without `receptor` it is the
 * caller's receiver; the platform admin may name any receiver.
 */
export const ExportarQuerySchema = z.object({
  receptor: idSchema('Receptor inválido.').optional(),
});
export type ExportarQuery = z.infer<typeof ExportarQuerySchema>;

/** Header the API sends before the ZIP: how many rows and documents it will carry (the screen's progress). */
export const EXPORTAR_TOTAL_HEADER = 'x-exportar-elementos';

export const exportarMessages = {
  receptorNoEncontrado: 'Receptor no encontrado.',
  soloAdministrador: 'Solo el administrador de la plataforma exporta los datos de otro receptor.',
} as const;

/** The sheets of each file of the ZIP, and their headers (in order). */
export const EXPORTAR_COLUMNAS = {
  encargos: [
    'ID', 'Rol', 'Estado', 'Fecha encargo', 'Fecha retiro', 'Fecha demanda', 'Fecha resolución', 'Comparendo',
    'Prueba', 'Cuantía', 'N° operación', 'RUT ejecutado', 'RUT representante legal', 'Ejecutados', 'Partes',
    'Estudio jurídico', 'Parte demandante', 'Tribunal', 'Tipo de encargo', 'Tipo de causa', 'Observaciones',
    'Observación del encargo', 'Observación del retiro', 'Observación del re-encargo', 'No realizable',
    'Motivo no realizable', 'Es re-encargo', 'Encargo original', 'Motivo del re-encargo', 'Estado estampado',
    'Fecha estampado', 'Observación del estampado', 'Creado', 'Modificado',
  ],
  domicilios: ['ID', 'Encargo', 'Rol', 'Dirección', 'Comuna', 'Ciudad', 'Principal', 'Activo', 'Orden'],
  diligencias: [
    'ID', 'Encargo', 'Rol', 'Tipo', 'Fecha diligencia', 'Hora informada', 'Apuntes de terreno', 'Tratamiento',
    'Valor cobrado', 'Valor final', 'Motivo del cambio de valor', 'Observaciones', 'Informante',
    'Relación del informante', 'Dirección', 'Comuna', 'Creado por', 'Creado',
  ],
  visitas: [
    'ID', 'UUID', 'Encargo', 'Rol', 'Fecha y hora', 'Tipo', 'Resultado', 'Informante', 'Relación del informante',
    'Apuntes', 'Dirección', 'Comuna', 'Latitud', 'Longitud', 'Precisión (m)', 'Origen', 'Corrige a', 'Autor',
    'Registrada',
  ],
  estudios: [
    'ID', 'Nombre', 'RUT', 'Dirección', 'Comuna', 'Ciudad', 'Teléfono', 'Fax', 'Activo', 'Informes diarios',
    'Informes mensuales', 'Creado', 'Modificado',
  ],
  correos: ['ID', 'Estudio', 'Correo', 'Tipo', 'Activo', 'Creado'],
  partes: ['ID', 'Estudio', 'Nombre', 'Tipo', 'Activo', 'Creado'],
  recibos: [
    'ID', 'Número', 'Estudio', 'Fecha', 'Observaciones', 'Creado por', 'Creado', 'Anulado', 'Anulado por',
    'Motivo de anulación',
  ],
  reciboItems: ['ID', 'Recibo', 'Diligencia', 'Rol', 'Tipo', 'Valor', 'Fecha diligencia', 'Activo', 'Agregado', 'Quitado', 'Quitado por'],
  pagos: ['ID', 'Estudio', 'Fecha', 'Monto', 'Medio', 'Referencia', 'Creado por', 'Creado', 'Reversado', 'Reversado por'],
  aplicaciones: ['ID', 'Pago', 'Recibo', 'Monto', 'Creado por', 'Creado'],
  auditoria: ['ID', 'Fecha', 'Usuario', 'Entidad', 'ID entidad', 'Acción', 'Cambios', 'IP', 'Navegador'],
} as const;
