import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';

/** Rows the report tests insert directly: stamped assignments with their last diligence. */

const { diligencias, encargos, tiposEstampado } = tenantSchema;

export async function tipoEstampadoId(db: TenantDb, nombre = 'Búsqueda positiva'): Promise<number> {
  const codigo = `prueba_${nombre.toLowerCase().replace(/[^a-z]+/g, '_')}`;
  const [found] = await db.select({ id: tiposEstampado.id }).from(tiposEstampado).where(eq(tiposEstampado.codigo, codigo));
  if (found) return found.id;
  const [row] = await db.insert(tiposEstampado).values({ codigo, nombre, valorPorDefecto: 25_000 }).returning();
  return row!.id;
}

let rolCounter = 100;

export interface StampedInput {
  estudioId: number;
  estado?: 'estampado' | 'listo_para_estampar' | 'preparado' | 'pendiente';
  numeroRol?: string;
  fechaEstampado?: string | null;
  /** Instant of the last diligence. */
  fechaDiligencia?: Date | null;
  valor?: number;
  parteDemandanteId?: number | null;
}

export async function insertStamped(db: TenantDb, input: StampedInput): Promise<number> {
  rolCounter += 1;
  const [encargo] = await db
    .insert(encargos)
    .values({
      numeroRol: input.numeroRol ?? `C-${rolCounter}-2026`,
      estado: input.estado ?? 'estampado',
      fechaEncargo: '2026-01-05',
      fechaDemanda: '2025-12-01',
      rutEjecutado: '12345678-5',
      ejecutados: 'Pedro Soto Muñoz',
      partes: 'Banco con Soto',
      estudioId: input.estudioId,
      parteDemandanteId: input.parteDemandanteId ?? null,
      fechaEstampado: input.fechaEstampado ?? null,
      estadoEstampado: input.estado === 'estampado' || input.estado === undefined ? 'estampado' : '',
    })
    .returning({ id: encargos.id });
  if (input.fechaDiligencia) {
    await db.insert(diligencias).values({
      encargoId: encargo!.id,
      tipoEstampadoId: await tipoEstampadoId(db),
      fechaDiligencia: input.fechaDiligencia,
      apuntesTerreno: 'Se notificó personalmente',
      valorFinal: input.valor ?? 25_000,
    });
  }
  return encargo!.id;
}
