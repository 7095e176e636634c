import type { Encargo, Estudio } from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import { loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';

/** Two receivers with a stamping user each, a user without the estampar module, firms and lookups. */
export interface ResultadosWorld {
  tokenA: string;
  tokenSinPermiso: string;
  tokenB: string;
  tenantB: number;
  estudioA: Estudio;
  estudioB: Estudio;
  lookupsA: Lookups;
  lookupsB: Lookups;
}

export const RECEPTOR_A = {
  nombre: 'María Angélica Fuentes Rojas',
  rut: '9876543-3',
  direccion: 'Huérfanos 1160, oficina 712',
  comuna: 'Santiago',
};

export async function setupResultados(t: TestContext): Promise<ResultadosWorld> {
  await t.app.controlDb.update(controlSchema.tenants).set(RECEPTOR_A).where(eq(controlSchema.tenants.id, t.mainTenantId));
  const tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Talca' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'receptor_a', permisos: ['estampa_1'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_sin_estampar' });
  await t.createUser({ tenantId: tenantB, username: 'receptor_b', permisos: ['ingreso_diligencias'] });
  const tokenA = await t.login('receptor_a');
  const tokenB = await t.login('receptor_b');
  return {
    tokenA,
    tokenB,
    tokenSinPermiso: await t.login('secretaria_sin_estampar'),
    tenantB,
    estudioA: await registerEstudio(t, tokenA, { nombre: 'Larraín, Vial y Asociados Abogados' }),
    estudioB: await registerEstudio(t, tokenB, { nombre: 'Abogados del Maule Ltda.' }),
    lookupsA: await loadLookups(t, tokenA),
    lookupsB: await loadLookups(t, tokenB),
  };
}

export async function setEstado(t: TestContext, id: number, estado: Encargo['estado'], tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  await db.update(tenantSchema.encargos).set({ estado }).where(eq(tenantSchema.encargos.id, id));
}

export async function tipoId(t: TestContext, codigo: string, tenantId = t.mainTenantId): Promise<number> {
  const db = await t.tenantDbOf(tenantId);
  const [row] = await db.select().from(tenantSchema.tiposEstampado).where(eq(tenantSchema.tiposEstampado.codigo, codigo));
  if (!row) throw new Error(`no stamp type ${codigo}`);
  return row.id;
}

export function resultadosBody(numeroRol: string, resultadoId: number | string, overrides: Record<string, unknown> = {}) {
  return {
    numero_rol: numeroRol,
    resultado_id: resultadoId,
    fecha_diligencia: '2025-03-14T10:35:00-03:00',
    apuntes_terreno: 'doña Carmen Soto, vecina del departamento 72, quien manifestó que el demandado vive ahí',
    valor_personalizado: null,
    observaciones_diligencia: '',
    tratamiento: 'don',
    cambiar_estado_a: 'listo_para_estampar',
    ...overrides,
  };
}
