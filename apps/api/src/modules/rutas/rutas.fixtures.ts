import { type TenantDb, tenantSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';

const { estudioEmails, estudios } = tenantSchema;

/** Rows written straight into a receiver's database by the collection, route and statistics suites. */

let rutCounter = 0;

export async function seedEstudio(
  db: TenantDb,
  nombre: string,
  emails: { email: string; tipo: 'principal' | 'cobranza' | 'informes' | 'secundario' }[] = [],
) {
  rutCounter += 1;
  const [estudio] = await db
    .insert(estudios)
    .values({
      nombre,
      direccion: 'Huérfanos 1160',
      comuna: 'Santiago',
      ciudad: 'Santiago',
      telefono: '+56 2 2696 4410',
      rutEstudio: `${77_000_000 + rutCounter * 31 + Math.floor(Math.random() * 1000) * 7919}-${rutCounter % 10}`.slice(0, 12),
    })
    .returning();
  if (!estudio) throw new Error('estudio insert returned nothing');
  if (emails.length > 0) await db.insert(estudioEmails).values(emails.map((e) => ({ ...e, estudioId: estudio.id })));
  return estudio;
}

export interface EncargoSeed {
  estudioId: number;
  numeroRol: string;
  estado?: 'pendiente' | 'preparado' | 'listo_para_estampar' | 'estampado';
  fechaEncargo?: string;
  ejecutados?: string;
  rutEjecutado?: string;
  esReEncargado?: boolean;
  estadoEstampado?: string;
  fechaEstampado?: string | null;
  domicilios?: { direccion: string; comuna: string; ciudad?: string; activo?: boolean; esPrincipal?: boolean }[];
}

/** Rows of a raw query (pg and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Plain SQL on purpose: only the columns named here are written, whatever else the table has. */
export async function seedEncargo(db: TenantDb, seed: EncargoSeed) {
  const stamp =
    seed.estadoEstampado !== undefined || seed.fechaEstampado !== undefined
      ? sql`, ${seed.estadoEstampado ?? ''}, ${seed.fechaEstampado ?? null}`
      : sql``;
  const stampColumns =
    seed.estadoEstampado !== undefined || seed.fechaEstampado !== undefined ? sql`, estado_estampado, fecha_estampado` : sql``;
  const [encargo] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into encargos (estudio_id, numero_rol, estado, fecha_encargo, ejecutados, rut_ejecutado, es_re_encargado${stampColumns})
      values (${seed.estudioId}, ${seed.numeroRol}, ${seed.estado ?? 'pendiente'}, ${seed.fechaEncargo ?? '2025-03-10'},
              ${seed.ejecutados ?? 'Pedro Soto Muñoz'}, ${seed.rutEjecutado ?? '12345678-5'}, ${seed.esReEncargado ?? false}${stamp})
      returning id`),
  );
  if (!encargo) throw new Error('encargo insert returned nothing');
  const inserted: { id: number; direccion: string; comuna: string }[] = [];
  for (const [index, d] of (seed.domicilios ?? []).entries()) {
    const [row] = rowsOf<{ id: number; direccion: string; comuna: string }>(
      await db.execute(sql`
        insert into domicilios (encargo_id, direccion, comuna, ciudad, activo, es_principal, orden)
        values (${encargo.id}, ${d.direccion}, ${d.comuna}, ${d.ciudad ?? 'Santiago'}, ${d.activo ?? true},
                ${d.esPrincipal ?? index === 0}, ${index})
        returning id, direccion, comuna`),
    );
    if (row) inserted.push(row);
  }
  return { encargo, domicilios: inserted };
}

/** A field result; the type is the first stamp type by default ('Búsqueda positiva'). */
export async function seedDiligencia(
  db: TenantDb,
  encargoId: number,
  seed: { fecha: string; valorFinal: number; valorCobrado?: number | null; tipoCodigo?: string },
) {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_cobrado, valor_final)
      values (${encargoId},
              (select id from tipos_estampado where codigo = ${seed.tipoCodigo ?? 'busqueda_positiva'}),
              ${seed.fecha}::timestamptz, 'Se notificó personalmente', ${seed.valorCobrado ?? null}, ${seed.valorFinal})
      returning id`),
  );
  return row!;
}
