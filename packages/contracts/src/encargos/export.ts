import { EncargoListQuerySchema } from './schemas';

/** GET /encargos/exportar/: the filters of Ver Pendientes (search, estado, estudio), without paging. */
export const EncargoExportQuerySchema = EncargoListQuerySchema.pick({ search: true, estado: true, estudio: true });

/** Most rows one export carries. */
export const ENCARGO_EXPORT_MAX_ROWS = 5000;

export const ENCARGO_EXPORT_COLUMNS = [
  'Rol',
  'Tipo de causa',
  'Estado',
  'Re-encargo',
  'Tipo de Encargo',
  'Ejecutado',
  'Estudio Jurídico',
  'Tribunal',
  'Fecha Encargo',
  'Cuantía',
] as const;
