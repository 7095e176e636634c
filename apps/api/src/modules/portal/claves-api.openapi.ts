import { clavesApiMessages, commonMessages } from '@receptoria/contracts';
import { rutasClaveApi } from './claves-api.auth';

/** The tag of the firm-facing part of /api/docs: every route an API key may open. */
export const TAG_API_ESTUDIOS = 'API para estudios';

const CREADA = '2026-03-10T10:15:00-03:00';
const PREFIJO = 'rk_7fQ2mB9x';

const datosEjemplo = {
  fecha_encargo: '2026-03-10',
  tribunal: 12,
  numero_rol: 'C-1555-2026',
  parte_demandante: 1,
  partes: 'Banco del Sur con Soto',
  tipo_encargo: 1,
  tipo_causa: 1,
  fecha_retiro: '2026-03-11',
  fecha_demanda: '2026-01-20',
  fecha_resolucion: '2026-02-03',
  cuantia: 2_450_000,
  rut_ejecutado: '12345678-5',
  rut_representante_legal: '',
  numero_operacion: 'OP-778812',
  ejecutados: 'Pedro Andrés Soto Muñoz',
  domicilios: [{ direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true }],
  observaciones_encargo: 'Urgente',
  encargo_no_realizable: false,
  estado_especial: '',
};

const solicitudEjemplo = {
  id: 381,
  estado: 'pendiente',
  numero_rol: 'C-1555-2026',
  partes: 'Banco del Sur con Soto',
  datos: { ...datosEjemplo, domicilios: [{ ...datosEjemplo.domicilios[0], activo: true }], rut_representante_legal: null },
  archivos: [
    { campo: 'demanda', nombre: 'demanda.pdf', bytes: 184_233 },
    { campo: 'resolucion', nombre: 'resolucion.pdf', bytes: 52_871 },
  ],
  estudio: { id: 4, nombre: 'Estudio Pérez y Cía.' },
  usuario: { id: null, nombre: 'Clave API Sistema de causas', email: '' },
  clave_api: { id: 17, prefijo: PREFIJO },
  remitente: clavesApiMessages.viaApi(PREFIJO),
  creada_en: CREADA,
  resuelta_en: null,
  encargo_id: null,
  motivo_rechazo: null,
};

const encargoItem = {
  id: 10_233,
  numero_rol: 'C-1234-2026',
  tribunal: '1° Juzgado Civil de Santiago',
  partes: 'Banco del Sur con Soto',
  ejecutados: 'Pedro Andrés Soto Muñoz',
  estado: 'preparado',
  estado_label: 'Preparado',
  fecha_encargo: '2026-03-02',
  ultima_actividad: '2026-03-09T12:40:00-03:00',
  proximo_plazo: { tipo: 'carta_art_46', nombre: 'Carta certificada art. 46', vence: '2026-03-12' },
};

const endpointEjemplo = {
  id: 5,
  url: 'https://sistemas.estudio.cl/receptoria/webhooks',
  eventos: ['encargo.creado', 'visita.registrada'],
  activo: true,
  secreto_rotado_en: CREADA,
  secreto_anterior_hasta: null,
  fallando_desde: null,
  desactivado_por_fallas: false,
  creado_en: CREADA,
};

const pdfRespuesta = { 'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF’s bytes)' } };

interface Ejemplos {
  /** The JSON body's example. */
  request?: unknown;
  /** Examples by status: a JSON body, or `pdf` for a PDF answer. */
  responses: Record<string, unknown>;
}

/** An example of each key-reachable route (answers as the API gives them). */
export const EJEMPLOS_API_ESTUDIOS: Record<string, Ejemplos> = {
  'GET /api/v1/portal/encargos/': { responses: { 200: { count: 1, page: 1, page_size: 20, results: [encargoItem] } } },
  'GET /api/v1/portal/encargos/:id/': {
    responses: {
      200: {
        encargo: {
          ...encargoItem,
          tipo_causa: 'Juicio Ejecutivo',
          tipo_encargo: 'Notificación Personal',
          cuantia: 2_450_000,
          domicilios: [{ direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago' }],
        },
        eventos: [
          { tipo: 'recibido', fecha: '2026-03-02', titulo: 'Encargo recibido' },
          {
            tipo: 'visita',
            id: 88,
            fecha: '2026-03-09T12:40:00-03:00',
            hora: '12:40',
            titulo: 'Visita',
            resultado: 'positiva',
            resultado_label: 'Positiva',
            domicilio: 'Av. Irarrázaval 2401, depto 73, Ñuñoa',
            fotos: [],
          },
        ],
      },
    },
  },
  'GET /api/v1/portal/encargos/:id/certificados/:doc/pdf/': { responses: { 200: 'pdf' } },
  'GET /api/v1/portal/documentos/': {
    responses: {
      200: {
        count: 1,
        page: 1,
        page_size: 20,
        results: [
          {
            id: '6f1c2a4e-1b7d-4c1e-9a53-0d7c2b8e4f10',
            numero_rol: 'C-1234-2026',
            tribunal: '1° Juzgado Civil de Santiago',
            tipo: 'Notificación personal',
            fecha: '2026-03-09T18:02:00-03:00',
            firmado: true,
            url: '/api/v1/documentos/firmados/6f1c2a4e…?firma=…',
          },
        ],
      },
    },
  },
  'GET /api/v1/portal/catalogos/': {
    responses: {
      200: {
        tribunales: [{ id: 12, nombre: '12° Juzgado Civil de Santiago' }],
        tipos_causa: [{ id: 1, nombre: 'Juicio Ejecutivo' }],
        tipos_encargo: [{ id: 1, nombre: 'Notificación Personal' }],
        partes_demandantes: [{ id: 1, nombre: 'Banco del Sur' }],
        comunas: [{ codigo: '13120', nombre: 'Ñuñoa', provincia: 'Santiago', region: 'Metropolitana de Santiago' }],
      },
    },
  },
  'GET /api/v1/portal/solicitudes/': { responses: { 200: { count: 1, page: 1, page_size: 20, pendientes: 1, results: [solicitudEjemplo] } } },
  'POST /api/v1/portal/solicitudes/': {
    request: {
      datos: datosEjemplo,
      demanda: { nombre: 'demanda.pdf', contenido_base64: 'JVBERi0xLjcK' },
      resolucion: { nombre: 'resolucion.pdf', contenido_base64: 'JVBERi0xLjcK' },
    },
    responses: {
      201: { solicitud: solicitudEjemplo },
      400: { detail: 'El archivo demanda debe ser un PDF', errors: { demanda: ['El archivo demanda debe ser un PDF'] } },
      409: { detail: clavesApiMessages.idempotenciaOtroCuerpo },
    },
  },
  'GET /api/v1/portal/recibos/': { responses: { 200: { count: 0, page: 1, page_size: 50, results: [] } } },
  'GET /api/v1/portal/recibos/:id/pdf/': { responses: { 200: 'pdf' } },
  'GET /api/v1/portal/estado_cuenta/': {
    responses: {
      200: {
        estudio: { id: 4, nombre: 'Estudio Pérez y Cía.' },
        hasta: '2026-03-10',
        saldo: 0,
        credito: 0,
        antiguedad: { d0_30: 0, d31_60: 0, d61_90: 0, d90_mas: 0 },
        recibos_abiertos: [],
        movimientos: [],
        recibos_abiertos_total: 0,
        movimientos_total: 0,
      },
    },
  },
  'GET /api/v1/portal/webhooks/': { responses: { 200: { results: [endpointEjemplo] } } },
  'POST /api/v1/portal/webhooks/': {
    request: { url: endpointEjemplo.url, eventos: endpointEjemplo.eventos, activo: true },
    responses: { 201: { endpoint: endpointEjemplo, secreto: 'whsec_3c1f…' } },
  },
  'PATCH /api/v1/portal/webhooks/:endpoint_id/': { request: { activo: false }, responses: { 200: { ...endpointEjemplo, activo: false } } },
  'DELETE /api/v1/portal/webhooks/:endpoint_id/': { responses: { 200: { message: 'Webhook eliminado' } } },
  'POST /api/v1/portal/webhooks/:endpoint_id/rotar_secreto/': {
    responses: {
      200: {
        endpoint: { ...endpointEjemplo, secreto_anterior_hasta: '2026-03-11T10:15:00-03:00' },
        secreto: 'whsec_9a0b…',
        anterior_valido_hasta: '2026-03-11T10:15:00-03:00',
      },
    },
  },
  'POST /api/v1/portal/webhooks/:endpoint_id/probar/': { responses: { 202: { message: 'Evento de prueba programado', evento_id: 'evt_81b1b2c0cce04143927e69edf1b79958' } } },
  'GET /api/v1/portal/webhooks/:endpoint_id/entregas/': {
    responses: {
      200: [
        {
          id: 912,
          evento_id: 'evt_81b1b2c0cce04143927e69edf1b79958',
          tipo: 'visita.registrada',
          intento: 1,
          enviado_en: '2026-03-09T12:40:02-03:00',
          estado_http: 200,
          duracion_ms: 143,
          respuesta: '{"ok":true}',
          error: null,
        },
      ],
    },
  },
  'POST /api/v1/portal/webhooks/:endpoint_id/entregas/:entrega_id/reenviar/': {
    responses: { 202: { message: 'Reenvío programado', evento_id: 'evt_81b1b2c0cce04143927e69edf1b79958' } },
  },
};

/** The answers every key-reachable route may give besides its own. */
const ERRORES_COMUNES: Record<string, { description: string; example: unknown }> = {
  401: { description: 'Clave desconocida, vencida o revocada', example: { detail: commonMessages.unauthorized } },
  403: { description: 'Fuera de los alcances de la clave', example: { detail: clavesApiMessages.fueraDeAlcance } },
  429: { description: 'Límite de solicitudes por minuto de la clave (encabezado Retry-After en segundos)', example: { detail: clavesApiMessages.limiteApi(12) } },
};

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

type Operation = {
  tags?: string[];
  description?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  'x-alcance'?: string;
};

/**
 * Marks the firm-facing part of the OpenAPI document: each route an API key opens gets the tag 'API
 * para estudios', the scope it needs, the key's security scheme, and examples of its body and answers.
 */
export function apiEstudiosTransformObject({ openapiObject }: { openapiObject: Record<string, unknown> }): Record<string, unknown> {
  const document = openapiObject as {
    paths?: Record<string, Record<string, Operation>>;
    tags?: Array<{ name: string; description?: string }>;
    components?: { securitySchemes?: Record<string, unknown> };
  };
  document.components ??= {};
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    claveApi: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'rk_…',
      description: 'Clave API del estudio (`Authorization: Bearer rk_…`), creada en Configuraciones Estudio o en el portal; ver docs/api-estudios.md.',
    },
  };
  document.tags = [
    ...(document.tags ?? []).filter((tag) => tag.name !== TAG_API_ESTUDIOS),
    {
      name: TAG_API_ESTUDIOS,
      description:
        'Rutas del portal que el sistema de un estudio abre con su clave API (`Authorization: Bearer rk_…`), según sus alcances. Límite por clave en un minuto móvil (por defecto 600), Idempotency-Key en el envío de solicitudes.',
    },
  ];
  for (const { method, url, alcance } of rutasClaveApi()) {
    const operation = document.paths?.[toOpenApiPath(url)]?.[method.toLowerCase()];
    if (!operation) continue;
    operation.tags = [...new Set([...(operation.tags ?? []), TAG_API_ESTUDIOS])];
    operation['x-alcance'] = alcance;
    operation.description = `${operation.description ? `${operation.description}\n\n` : ''}Alcance requerido: \`${alcance}\`.`;
    operation.security = [{ claveApi: [] }, { bearer: [] }];
    const ejemplos = EJEMPLOS_API_ESTUDIOS[`${method} ${url}`];
    if (!ejemplos) continue;
    if (ejemplos.request !== undefined) {
      operation.requestBody ??= {};
      operation.requestBody.content ??= {};
      // Each media type gets its own object (the generator shares one between the route's types).
      const content = operation.requestBody.content;
      content['application/json'] = { ...(content['application/json'] ?? { schema: { type: 'object' } }), example: ejemplos.request };
      if (content['multipart/form-data']) {
        content['multipart/form-data'] = {
          schema: {
          type: 'object',
          required: ['datos'],
          properties: {
            datos: { type: 'string', description: 'JSON de los datos (el mismo objeto `datos` del cuerpo JSON)' },
            demanda: { type: 'string', format: 'binary' },
            resolucion: { type: 'string', format: 'binary' },
          },
          },
          example: { datos: JSON.stringify(datosEjemplo) },
        };
      }
    }
    operation.responses ??= {};
    for (const [status, example] of Object.entries(ejemplos.responses)) {
      const response = (operation.responses[status] ??= { description: status.startsWith('2') ? 'OK' : 'Error' });
      if (example === 'pdf') {
        response.content = pdfRespuesta;
        continue;
      }
      response.content = { ...response.content, 'application/json': { ...(response.content?.['application/json'] ?? { schema: { type: 'object' } }), example } };
    }
    for (const [status, error] of Object.entries(ERRORES_COMUNES)) {
      operation.responses[status] ??= { description: error.description, content: { 'application/json': { schema: { type: 'object' }, example: error.example } } };
    }
  }
  return openapiObject;
}
