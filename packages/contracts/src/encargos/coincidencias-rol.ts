import { z } from 'zod';
import { EncargoConResultadosSchema } from './schemas';

/**
 * GET /encargos/coincidencias_rol/?numero_rol: the assignments with that rol, [] when there is none.
 * Nuevo Encargo's "is this rol new?" question, where "not found" is an answer, not an error (the
 * spec's buscar_por_rol keeps its 404).
 */
export const CoincidenciasRolResponseSchema = z.array(EncargoConResultadosSchema);
export type CoincidenciasRolResponse = z.infer<typeof CoincidenciasRolResponseSchema>;
