import {
  type Encargo,
  EncargoListResponseSchema,
  EncargoSchema,
  type Estudio,
  EstudioSchema,
  type TipoCausa,
  type TipoEncargo,
  type Tribunal,
} from '@receptoria/contracts';
import type { TestContext } from '../../../test/helper';

/** Test data shared by the intake suites. */

let firmCounter = 0;

/** A firm RUT that is unique within a test run. */
function nextFirmRut(): string {
  firmCounter += 1;
  return `${76_000_000 + firmCounter * 137}-${firmCounter % 10}`;
}

export function estudioPayload(overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'Estudio Jurídico Larraín y Asociados',
    direccion: 'Av. Apoquindo 3472, oficina 1101',
    comuna: 'Las Condes',
    ciudad: 'Santiago',
    telefono: '+56 2 2431 7700',
    fax: '',
    rut_estudio: nextFirmRut(),
    emails: [{ email: 'contacto@larrain.cl', tipo: 'principal' }],
    partes_demandantes: [
      { nombre: 'Banco de Chile', tipo: 'banco' },
      { nombre: 'Inmobiliaria Los Alerces Ltda.', tipo: 'empresa' },
    ],
    enviar_informes_diarios: false,
    enviar_informes_mensuales: false,
    ...overrides,
  };
}

export async function registerEstudio(
  t: TestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Estudio> {
  const response = await t.request(token, {
    method: 'POST',
    url: '/api/v1/estudios/registrar_estudio/',
    payload: estudioPayload(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`registrar_estudio: ${response.statusCode} ${response.body}`);
  return EstudioSchema.parse(response.json());
}

export interface Lookups {
  tribunales: Tribunal[];
  tipos: TipoEncargo[];
  causas: TipoCausa[];
}

export async function loadLookups(t: TestContext, token: string): Promise<Lookups> {
  const get = async <T>(url: string) => (await t.request(token, { method: 'GET', url })).json() as T;
  return {
    tribunales: await get<Tribunal[]>('/api/v1/encargos/tribunales/'),
    tipos: await get<TipoEncargo[]>('/api/v1/encargos/tipos/'),
    causas: await get<TipoCausa[]>('/api/v1/encargos/causas/'),
  };
}

/** A complete creation payload as the Nuevo Encargo form sends it. */
export function encargoPayload(estudio: Estudio, lookups: Lookups, overrides: Record<string, unknown> = {}) {
  const parte = estudio.partes_demandantes[0];
  if (!parte) throw new Error('the firm has no plaintiff parties');
  return {
    fecha_encargo: '2025-03-10',
    estudio_juridico: estudio.id,
    tribunal: lookups.tribunales[11]?.id,
    numero_rol: 'C-4521-2024',
    parte_demandante: parte.id,
    partes: `${parte.nombre} con Soto Muñoz`,
    tipo_encargo: lookups.tipos[0]?.id,
    tipo_causa: lookups.causas[0]?.id,
    fecha_retiro: '2025-03-11',
    fecha_demanda: '2025-01-20',
    fecha_resolucion: '2025-02-03',
    cuantia: 2_450_000,
    rut_ejecutado: '12345678-5',
    rut_representante_legal: '',
    numero_operacion: 'OP-778812',
    ejecutados: 'Pedro Andrés Soto Muñoz',
    domicilios: [
      { direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true },
      { direccion: 'Los Jesuitas 881', comuna: 'Providencia', ciudad: 'Santiago', es_principal: false },
    ],
    observaciones_encargo: 'Es urgente',
    encargo_no_realizable: false,
    estado_especial: '',
    ...overrides,
  };
}

/** Creates an assignment through the API as the Nuevo Encargo form does. */
export async function crearEncargo(
  t: TestContext,
  token: string,
  estudio: Estudio,
  lookups: Lookups,
  overrides: Record<string, unknown> = {},
): Promise<Encargo> {
  const response = await t.request(token, {
    method: 'POST',
    url: '/api/v1/nuevo_encargo/crear/',
    payload: encargoPayload(estudio, lookups, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`crear: ${response.statusCode} ${response.body}`);
  return EncargoSchema.parse(response.json());
}

/** The pending list as a client reads it (`query` starts with '?'), checked against its contract. */
export async function listaEncargos(t: TestContext, token: string, query: string) {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/encargos/lista/${query}` });
  if (response.statusCode !== 200) throw new Error(`lista: ${response.statusCode} ${response.body}`);
  return { response, body: EncargoListResponseSchema.parse(response.json()) };
}
