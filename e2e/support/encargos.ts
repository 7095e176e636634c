import { type APIRequestContext, expect } from '@playwright/test';
import { users } from './users';

let cached: { authorization: string; until: number } | null = null;

/** Bearer header of the admin user, through the API; one login serves a file's calls for ten minutes. */
export async function adminHeaders(request: APIRequestContext) {
  if (cached && cached.until > Date.now()) return { authorization: cached.authorization };
  const response = await request.post('/api/v1/auth/login/', { data: users.admin });
  expect(response.ok()).toBeTruthy();
  const authorization = `Bearer ${((await response.json()) as { access: string }).access}`;
  cached = { authorization, until: Date.now() + 10 * 60_000 };
  return { authorization };
}

/** The id of the firm with this name. */
export async function estudioIdByName(request: APIRequestContext, nombre: string): Promise<number> {
  const estudios = (await (await request.get('/api/v1/estudios/', { headers: await adminHeaders(request) })).json()) as { id: number; nombre: string }[];
  const estudio = estudios.find((item) => item.nombre === nombre);
  expect(estudio).toBeDefined();
  return estudio!.id;
}

/** Registers a firm in Santiago with one plaintiff bank, through the API; its id. */
export async function registerEstudio(
  request: APIRequestContext,
  estudio: { nombre: string; parte: string; direccion: string; email: string },
): Promise<number> {
  const response = await request.post('/api/v1/estudios/registrar_estudio/', {
    headers: await adminHeaders(request),
    data: {
      nombre: estudio.nombre,
      direccion: estudio.direccion,
      comuna: 'Santiago',
      ciudad: 'Santiago',
      telefono: '+56 2 2698 1234',
      rut_estudio: `7${String(Date.now()).slice(-7)}-5`,
      emails: [{ email: estudio.email, tipo: 'principal' }],
      partes_demandantes: [{ nombre: estudio.parte, tipo: 'banco' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export interface CreatedEncargo {
  id: number;
  numero_rol: string;
}

/** A rol no demo assignment uses: a letter, a number unique to this run, a year. */
export function uniqueRol(letter: string): string {
  return `${letter}-${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}-2024`;
}

/** Body of a complete assignment of the demo firm Larraín, Vial y Asociados (Banco de Chile). */
async function encargoBody(request: APIRequestContext, headers: Record<string, string>, numeroRol: string, ejecutados: string) {
  const estudios = (await (await request.get('/api/v1/estudios/', { headers })).json()) as {
    id: number;
    nombre: string;
    partes_demandantes: { id: number; nombre: string }[];
  }[];
  const estudio = estudios.find((item) => item.nombre === 'Larraín, Vial y Asociados Abogados');
  expect(estudio).toBeDefined();
  const parte = estudio?.partes_demandantes.find((item) => item.nombre === 'Banco de Chile');
  return {
    fecha_encargo: '2024-05-02',
    estudio_juridico: estudio?.id,
    parte_demandante: parte?.id,
    tribunal: 1,
    numero_rol: numeroRol,
    tipo_causa: 1,
    tipo_encargo: 1,
    partes: `Banco de Chile con ${ejecutados}`,
    fecha_retiro: '2024-05-02',
    fecha_demanda: '2024-04-01',
    fecha_resolucion: '2024-04-15',
    cuantia: 1500000,
    rut_ejecutado: '12345678-5',
    ejecutados,
    domicilios: [{ direccion: 'Av. Providencia 1234, depto 501', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    observaciones_encargo: 'Es urgente',
  };
}

/** Creates a preparado assignment through the API. */
export async function createEncargo(request: APIRequestContext, numeroRol: string, ejecutados: string): Promise<CreatedEncargo> {
  const headers = await adminHeaders(request);
  const response = await request.post('/api/v1/nuevo_encargo/crear/', {
    headers,
    data: await encargoBody(request, headers, numeroRol, ejecutados),
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as CreatedEncargo), numero_rol: numeroRol };
}

/** Re-assigns an assignment through the API: a second assignment with the same rol. */
export async function createReEncargo(
  request: APIRequestContext,
  original: CreatedEncargo,
  ejecutados: string,
): Promise<CreatedEncargo> {
  const headers = await adminHeaders(request);
  const response = await request.post('/api/v1/encargos/re_encargo/', {
    headers,
    data: { ...(await encargoBody(request, headers, original.numero_rol, ejecutados)), encargo_original_id: original.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as CreatedEncargo), numero_rol: original.numero_rol };
}

/** The assignments of a rol as the API returns them. */
export async function encargosOfRol(request: APIRequestContext, numeroRol: string) {
  const headers = await adminHeaders(request);
  const response = await request.get(`/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(numeroRol)}`, { headers });
  expect(response.ok(), await response.text()).toBeTruthy();
  const body = (await response.json()) as unknown;
  return (Array.isArray(body) ? body : [body]) as {
    id: number;
    estado: string;
    ejecutados: string;
    es_re_encargo: boolean;
    estado_estampado: string;
    fecha_estampado: string | null;
    observacion_estampado: string;
  }[];
}
