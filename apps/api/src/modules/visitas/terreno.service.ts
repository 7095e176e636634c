import {
  compararTextoEs,
  direccionGoogleMaps,
  RUTA_ESTADOS,
  TERRENO_MAX_PARADAS,
  type TerrenoHoyResponse,
  type TerrenoParada,
  todayIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { busquedasPositivas, diasDeBusqueda, esMismoDomicilio, estadoArt44 } from './art44';
import { conFotos, type FotoContext } from './visitas.service';
import { visitasDe } from './visitas.repository';

const { encargos, domicilios, estudios, tiposEncargo, tribunales, rutasDelDia } = tenantSchema;

/** Records the order of a route the user generated (POST /rutas/generar/), for today's stops on the phone. */
export async function guardarRutaDelDia(db: TenantDb, usuarioId: number, domicilioIds: readonly number[], now = new Date()): Promise<void> {
  await db.insert(rutasDelDia).values({ usuarioId, fecha: todayIso(now), domicilioIds: [...domicilioIds], generadaEn: now });
}

async function rutaDeHoy(db: TenantDb, usuarioId: number, hoy: string): Promise<number[] | null> {
  const [row] = await db
    .select({ ids: rutasDelDia.domicilioIds })
    .from(rutasDelDia)
    .where(and(eq(rutasDelDia.usuarioId, usuarioId), eq(rutasDelDia.fecha, hoy)))
    .orderBy(desc(rutasDelDia.id))
    .limit(1);
  return row ? row.ids : null;
}

/**
 * GET /terreno/hoy/: the assignments to work (pendiente / preparado, not re-assigned) with each active
 * address as a stop — an assignment without one is a stop without address —; the stops of the route
 * the user generated today first, in its order, then the rest by comuna, rol and address order. Each
 * stop carries its visits and its art. 44 state.
 */
export async function terrenoHoy(db: TenantDb, usuarioId: number, ctx: FotoContext, now = new Date()): Promise<TerrenoHoyResponse> {
  const hoy = todayIso(now);
  const ruta = await rutaDeHoy(db, usuarioId, hoy);
  const rows = await db
    .select({
      encargoId: encargos.id,
      numeroRol: encargos.numeroRol,
      estado: encargos.estado,
      ejecutados: encargos.ejecutados,
      fechaEncargo: encargos.fechaEncargo,
      tipoEncargo: tiposEncargo.nombre,
      estudio: estudios.nombre,
      tribunal: tribunales.nombre,
      domicilioId: domicilios.id,
      direccion: domicilios.direccion,
      comuna: domicilios.comuna,
      ciudad: domicilios.ciudad,
      esPrincipal: domicilios.esPrincipal,
      orden: domicilios.orden,
    })
    .from(encargos)
    .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
    .leftJoin(tiposEncargo, eq(tiposEncargo.id, encargos.tipoEncargoId))
    .leftJoin(tribunales, eq(tribunales.id, encargos.tribunalId))
    .leftJoin(domicilios, and(eq(domicilios.encargoId, encargos.id), eq(domicilios.activo, true)))
    .where(and(inArray(encargos.estado, [...RUTA_ESTADOS]), eq(encargos.esReEncargado, false)))
    .orderBy(asc(encargos.fechaEncargo), asc(encargos.id), asc(domicilios.orden), asc(domicilios.id))
    .limit(5000);

  const posicion = new Map<number, number>((ruta ?? []).map((id, index) => [id, index]));
  const enRuta = (r: (typeof rows)[number]) => r.domicilioId !== null && posicion.has(r.domicilioId);
  rows.sort((a, b) => {
    const ra = enRuta(a);
    const rb = enRuta(b);
    if (ra !== rb) return ra ? -1 : 1;
    if (ra && rb) return (posicion.get(a.domicilioId as number) as number) - (posicion.get(b.domicilioId as number) as number);
    return compararTextoEs(a.comuna ?? '', b.comuna ?? '') || a.numeroRol.localeCompare(b.numeroRol) || (a.orden ?? 0) - (b.orden ?? 0) || (a.domicilioId ?? 0) - (b.domicilioId ?? 0);
  });
  const elegidas = rows.slice(0, TERRENO_MAX_PARADAS);
  const encargoIds = [...new Set(elegidas.map((r) => r.encargoId))];
  const visitasRows = await visitasDe(db, encargoIds);
  const visitas = await conFotos(db, visitasRows, ctx);
  const porEncargo = new Map<number, { row: (typeof visitasRows)[number]; visita: (typeof visitas)[number] }[]>();
  visitasRows.forEach((row, index) => {
    const list = porEncargo.get(row.encargoId) ?? [];
    list.push({ row, visita: visitas[index] as (typeof visitas)[number] });
    porEncargo.set(row.encargoId, list);
  });

  const paradas: TerrenoParada[] = elegidas.map((r, index) => {
    const domicilio =
      r.domicilioId !== null ? { id: r.domicilioId, direccion: r.direccion ?? '', comuna: r.comuna ?? '', ciudad: r.ciudad ?? '', esPrincipal: r.esPrincipal ?? false } : null;
    const delEncargo = porEncargo.get(r.encargoId) ?? [];
    const aqui = delEncargo.filter(({ row }) => esMismoDomicilio(row, domicilio));
    const art44Rows = aqui.map(({ row }) => row);
    return {
      orden: index + 1,
      en_ruta: enRuta(r),
      encargo: {
        id: r.encargoId,
        numero_rol: r.numeroRol,
        estado: r.estado as (typeof RUTA_ESTADOS)[number],
        ejecutados: r.ejecutados,
        tipo_encargo: r.tipoEncargo ?? '',
        estudio: r.estudio,
        tribunal: r.tribunal ?? '',
        fecha_encargo: r.fechaEncargo,
      },
      domicilio: domicilio
        ? {
            id: domicilio.id,
            direccion: domicilio.direccion,
            comuna: domicilio.comuna,
            ciudad: domicilio.ciudad,
            es_principal: domicilio.esPrincipal,
            direccion_google_maps: direccionGoogleMaps(domicilio),
          }
        : null,
      estado_art44: estadoArt44(art44Rows, domicilio),
      dias_busqueda_positiva: diasDeBusqueda(busquedasPositivas(art44Rows, domicilio)),
      visitas: aqui.map(({ visita }) => visita),
    };
  });
  return { fecha: hoy, ruta_generada: ruta !== null, paradas, truncado: rows.length > elegidas.length };
}

