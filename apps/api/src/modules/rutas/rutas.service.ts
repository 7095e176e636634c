import {
  direccionGoogleMaps,
  googleMapsDirUrl,
  MAX_PARADAS_POR_TRAMO,
  type RutaDomicilio,
  type RutaDomiciliosQuery,
  type RutaDomiciliosResponse,
  type RutaGenerada,
  type RutaGenerarInput,
  rutaMessages as m,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { DEFAULT_START_COMUNA, orderStops, splitLegs } from './ruta-orden';
import {
  type DomicilioRutaRow,
  findDomiciliosPlanificables,
  listComunasDisponibles,
  listDomiciliosPendientes,
} from './rutas.repository';
import { guardarRutaDelDia } from '../visitas/terreno.service';

function toRow(row: DomicilioRutaRow): RutaDomicilio {
  const ejecutado = row.ejecutados.split('\n')[0]?.trim() ?? '';
  const ejecutadoCompleto = row.rutEjecutado ? `${row.ejecutados.trim()} (${row.rutEjecutado})` : row.ejecutados.trim();
  const referencias = row.observaciones.trim();
  return {
    id: row.id,
    encargo_id: row.encargoId,
    numero_rol: row.numeroRol,
    ejecutado,
    ejecutado_completo: ejecutadoCompleto,
    direccion: row.direccion,
    comuna: row.comuna,
    ciudad: row.ciudad,
    direccion_completa: [row.direccion, row.comuna, row.ciudad].filter(Boolean).join(', ') + (referencias ? ` (${referencias})` : ''),
    tipo_encargo: row.tipoEncargo ?? '',
    fecha_encargo: row.fechaEncargo,
    estudio_juridico: row.estudio,
    estado_encargo: row.estado as RutaDomicilio['estado_encargo'],
    es_principal: row.esPrincipal,
    referencias,
  };
}

export async function getDomiciliosPendientes(db: TenantDb, query: RutaDomiciliosQuery): Promise<RutaDomiciliosResponse> {
  const [rows, comunas] = await Promise.all([listDomiciliosPendientes(db, query), listComunasDisponibles(db)]);
  const domicilios = rows.map(toRow);
  return {
    domicilios,
    comunas_disponibles: comunas,
    estadisticas: {
      total_domicilios: domicilios.length,
      total_encargos: new Set(domicilios.map((d) => d.encargo_id)).size,
      total_comunas: new Set(domicilios.map((d) => d.comuna.toLowerCase())).size,
      por_estado: {
        pendiente: domicilios.filter((d) => d.estado_encargo === 'pendiente').length,
        preparado: domicilios.filter((d) => d.estado_encargo === 'preparado').length,
      },
    },
  };
}

/**
 * Orders the chosen addresses into a short tour from the receiver's office comuna and builds the
 * Google Maps links: the whole route and its legs of at most MAX_PARADAS_POR_TRAMO places.
 */
export async function generateRuta(db: TenantDb, input: RutaGenerarInput, officeComuna: string, usuarioId?: number): Promise<RutaGenerada> {
  const ids = [...new Set(input.domicilio_ids)];
  const rows = await findDomiciliosPlanificables(db, ids);
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    const message = m.domiciliosNoDisponibles(missing);
    throw new AppError('BAD_REQUEST', message, { errors: { domicilio_ids: [message] } });
  }
  const start = officeComuna.trim() || DEFAULT_START_COMUNA;
  const ordered = orderStops(rows, start);
  const domicilios = ordered.map((row, index) => ({
    orden: index + 1,
    numero_rol: row.numeroRol,
    direccion: row.direccion,
    comuna: row.comuna,
    ciudad: row.ciudad,
    direccion_google_maps: direccionGoogleMaps(row),
  }));
  // The phone's stops of today follow the order of the last route the user generated (issue 23).
  if (usuarioId !== undefined) await guardarRutaDelDia(db, usuarioId, ordered.map((row) => row.id));
  const places = domicilios.map((d) => d.direccion_google_maps);
  const tramos = splitLegs(places.length, MAX_PARADAS_POR_TRAMO).map(([desde, hasta], index) => ({
    numero: index + 1,
    desde,
    hasta,
    url_google_maps: googleMapsDirUrl(places.slice(desde - 1, hasta)),
  }));
  return {
    total_domicilios: domicilios.length,
    ruta_google_maps_texto: domicilios.map((d) => `${d.orden}. ${d.direccion_google_maps} (Rol ${d.numero_rol})`).join('\n'),
    url_google_maps: googleMapsDirUrl(places),
    punto_partida: start,
    domicilios,
    tramos,
  };
}
