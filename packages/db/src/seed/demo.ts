import { computeRutDv, todayIso } from '@receptoria/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { TenantDb } from '../connect';
import {
  alarmas,
  diligencias,
  domicilios,
  encargos,
  estudioEmails,
  estudios,
  partesDemandantes,
  tiposCausa,
  tiposEncargo,
  tiposEstampado,
  tribunales,
} from '../tenant/schema';

type EstadoDemo = 'pendiente' | 'preparado' | 'listo_para_estampar' | 'estampado';

interface FirmaDemo {
  nombre: string;
  rutBody: string;
  direccion: string;
  comuna: string;
  ciudad: string;
  telefono: string;
  fax?: string;
  diarios: boolean;
  mensuales: boolean;
  emails: { email: string; tipo: 'principal' | 'secundario' | 'informes' | 'cobranza' | 'notificaciones' }[];
  partes: { nombre: string; tipo: 'empresa' | 'banco' | 'persona_natural' | 'institucion' }[];
}

const FIRMAS: FirmaDemo[] = [
  {
    nombre: 'Larraín, Vial y Asociados Abogados',
    rutBody: '76482915',
    direccion: 'Av. Apoquindo 3472, oficina 1101',
    comuna: 'Las Condes',
    ciudad: 'Santiago',
    telefono: '+56 2 2431 7700',
    fax: '+56 2 2431 7701',
    diarios: true,
    mensuales: true,
    emails: [
      { email: 'contacto@larrainvial-abogados.cl', tipo: 'principal' },
      { email: 'informes@larrainvial-abogados.cl', tipo: 'informes' },
      { email: 'cobranza@larrainvial-abogados.cl', tipo: 'cobranza' },
    ],
    partes: [
      { nombre: 'Banco de Chile', tipo: 'banco' },
      { nombre: 'Banco Santander-Chile', tipo: 'banco' },
      { nombre: 'Inmobiliaria Los Alerces Ltda.', tipo: 'empresa' },
    ],
  },
  {
    nombre: 'Cobranzas Judiciales del Pacífico Ltda.',
    rutBody: '77215380',
    direccion: 'Huérfanos 1160, piso 7, oficina 712',
    comuna: 'Santiago',
    ciudad: 'Santiago',
    telefono: '+56 2 2696 4410',
    diarios: true,
    mensuales: false,
    emails: [
      { email: 'mesa.central@cobranzaspacifico.cl', tipo: 'principal' },
      { email: 'notificaciones@cobranzaspacifico.cl', tipo: 'notificaciones' },
    ],
    partes: [
      { nombre: 'Banco del Estado de Chile', tipo: 'banco' },
      { nombre: 'Caja de Compensación Los Andes', tipo: 'institucion' },
      { nombre: 'Promotora CMR Falabella S.A.', tipo: 'empresa' },
    ],
  },
  {
    nombre: 'Morales, Fuenzalida y Compañía Abogados',
    rutBody: '76930147',
    direccion: 'Nueva Providencia 2155, oficina 604',
    comuna: 'Providencia',
    ciudad: 'Santiago',
    telefono: '+56 2 2233 9182',
    diarios: false,
    mensuales: true,
    emails: [
      { email: 'estudio@moralesfuenzalida.cl', tipo: 'principal' },
      { email: 'jfuenzalida@moralesfuenzalida.cl', tipo: 'secundario' },
    ],
    partes: [
      { nombre: 'Scotiabank Chile', tipo: 'banco' },
      { nombre: 'María Soledad Contreras Fuentes', tipo: 'persona_natural' },
    ],
  },
  {
    nombre: 'Recuperaciones Andes SpA',
    rutBody: '77841022',
    direccion: 'Av. Vicuña Mackenna 7110, oficina 302',
    comuna: 'La Florida',
    ciudad: 'Santiago',
    telefono: '+56 9 8123 4567',
    diarios: false,
    mensuales: false,
    emails: [{ email: 'operaciones@recuperacionesandes.cl', tipo: 'principal' }],
    partes: [
      { nombre: 'Automotriz Portillo S.A.', tipo: 'empresa' },
      { nombre: 'Cooperativa de Ahorro y Crédito Oriencoop', tipo: 'institucion' },
    ],
  },
];

const NOMBRES = ['Juan', 'María', 'José', 'Carolina', 'Luis', 'Francisca', 'Pedro', 'Camila', 'Jorge', 'Valentina', 'Cristián', 'Daniela', 'Rodrigo', 'Paula', 'Felipe', 'Constanza'];
const APELLIDOS = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela', 'Castillo', 'Tapia', 'Reyes', 'Gutiérrez', 'Castro', 'Pizarro', 'Álvarez', 'Vásquez', 'Sánchez', 'Fernández', 'Núñez'];
const CALLES = [
  ['Av. Irarrázaval', 'Ñuñoa'],
  ['Av. Grecia', 'Peñalolén'],
  ['Pasaje Los Aromos', 'Puente Alto'],
  ['Av. Pajaritos', 'Maipú'],
  ['San Diego', 'Santiago'],
  ['Av. Recoleta', 'Recoleta'],
  ['Av. Independencia', 'Independencia'],
  ['Av. Vicuña Mackenna', 'La Florida'],
  ['Los Jesuitas', 'Providencia'],
  ['Av. Larraín', 'La Reina'],
  ['Av. Macul', 'Macul'],
  ['Av. Matta', 'Santiago'],
  ['Eucaliptus', 'San Bernardo'],
  ['Av. Las Torres', 'Quilicura'],
  ['Av. Dorsal', 'Conchalí'],
  ['Av. Vitacura', 'Vitacura'],
] as const;
const OBSERVACIONES = ['Considerar distancia', 'Es muy urgente', 'Es urgente', 'Diligencia pagada', 'Sin observaciones'];

/** Field notes as a receiver writes them after a visit. */
const APUNTES = [
  'doña Rosa Pizarro, conserje del edificio, quien manifestó que el demandado vive en el departamento indicado',
  'don Luis Cárcamo, vecino del inmueble contiguo, quien indicó que la persona buscada reside ahí y trabaja de día',
  'la propia persona buscada, quien recibió las copias y se negó a firmar',
  'doña Patricia Muñoz, arrendataria actual, quien señaló no conocer a la persona buscada',
  'don Héctor Vidal, encargado de la portería, quien informó que el demandado se cambió de domicilio hace un año',
];

/** Deterministic pseudo-random numbers so every demo tenant looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The Santiago calendar day of an instant (late evening in Chile is already tomorrow in UTC). */
function isoDate(date: Date): string {
  return todayIso(date);
}

/** Demo data is never dated after `limit` (the seeding moment). */
function notAfter(date: Date, limit: Date): Date {
  return date.getTime() > limit.getTime() ? new Date(limit.getTime()) : date;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

function rut(body: number): string {
  return `${body}-${computeRutDv(body)}`;
}

/**
 * Demo data for a new tenant: law firms with e-mails and plaintiff parties, and assignments in
 * every state (one of them re-assigned). Does nothing when the tenant already has firms.
 */
export async function seedTenantDemo(db: TenantDb, now: Date = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(estudios);
  if ((existing?.n ?? 0) > 0) return;

  const tribunalRows = await db.select({ id: tribunales.id }).from(tribunales).orderBy(asc(tribunales.orden));
  const causaRows = await db.select({ id: tiposCausa.id }).from(tiposCausa).orderBy(asc(tiposCausa.orden));
  const tipoRows = await db.select({ id: tiposEncargo.id }).from(tiposEncargo).orderBy(asc(tiposEncargo.orden));
  if (tribunalRows.length === 0 || causaRows.length === 0 || tipoRows.length === 0) return;

  await db.transaction(async (tx) => {
    const firmas: { id: number; partes: { id: number; nombre: string }[] }[] = [];
    for (const firma of FIRMAS) {
      const [estudio] = await tx
        .insert(estudios)
        .values({
          nombre: firma.nombre,
          rutEstudio: rut(Number(firma.rutBody)),
          direccion: firma.direccion,
          comuna: firma.comuna,
          ciudad: firma.ciudad,
          telefono: firma.telefono,
          fax: firma.fax ?? '',
          enviarInformesDiarios: firma.diarios,
          enviarInformesMensuales: firma.mensuales,
        })
        .returning({ id: estudios.id });
      const estudioId = (estudio as { id: number }).id;
      await tx.insert(estudioEmails).values(firma.emails.map((e) => ({ estudioId, ...e })));
      const partes = await tx
        .insert(partesDemandantes)
        .values(firma.partes.map((p) => ({ estudioId, ...p })))
        .returning({ id: partesDemandantes.id, nombre: partesDemandantes.nombre });
      firmas.push({ id: estudioId, partes });
    }

    const next = random(20_240_501);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const estados: EstadoDemo[] = [
      ...Array<EstadoDemo>(4).fill('pendiente'),
      ...Array<EstadoDemo>(12).fill('preparado'),
      ...Array<EstadoDemo>(8).fill('listo_para_estampar'),
      ...Array<EstadoDemo>(10).fill('estampado'),
    ];
    const year = now.getUTCFullYear();
    // The first courts (Santiago civil courts) carry most of the work.
    const tribunalesFrecuentes = tribunalRows.slice(0, 36);

    const creados: { id: number; estado: EstadoDemo; rol: string; fechaEncargo: Date }[] = [];
    for (const [index, estado] of estados.entries()) {
      const firma = pick(firmas);
      const parte = pick(firma.partes);
      const nombre = `${pick(NOMBRES)} ${pick(APELLIDOS)} ${pick(APELLIDOS)}`;
      const fechaEncargo = addDays(now, -Math.floor(next() * 90) - (estado === 'estampado' ? 20 : 0));
      const fechaDemanda = addDays(fechaEncargo, -30 - Math.floor(next() * 120));
      const numeroRol = `C-${1000 + Math.floor(next() * 24_000)}-${index % 5 === 0 ? year - 1 : year}`;
      const cuantia = Math.round((300_000 + next() * 45_000_000) / 1000) * 1000;
      const especial = index === 7 ? 'Suspendido' : '';
      const comparendo = index === 3 || index === 9 ? addDays(now, 5 + index) : null;
      if (comparendo) comparendo.setUTCHours(13, 30, 0, 0);
      const [encargo] = await tx
        .insert(encargos)
        .values({
          numeroRol,
          estado,
          fechaEncargo: isoDate(fechaEncargo),
          fechaRetiro: isoDate(notAfter(addDays(fechaEncargo, 1), now)),
          fechaDemanda: isoDate(fechaDemanda),
          fechaResolucion: isoDate(addDays(fechaDemanda, 5 + Math.floor(next() * 20))),
          fechaComparendo: comparendo,
          cuantia,
          numeroOperacion: next() > 0.5 ? `OP-${String(Math.floor(next() * 9_000_000) + 1_000_000)}` : '',
          rutEjecutado: rut(6_000_000 + Math.floor(next() * 19_000_000)),
          rutRepresentanteLegal: next() > 0.8 ? rut(8_000_000 + Math.floor(next() * 10_000_000)) : null,
          ejecutados: nombre,
          partes: `${parte.nombre} con ${nombre}`,
          estudioId: firma.id,
          parteDemandanteId: parte.id,
          tribunalId: pick(tribunalesFrecuentes).id,
          tipoCausaId: pick(causaRows.slice(0, 7)).id,
          tipoEncargoId: pick(tipoRows.slice(0, 8)).id,
          observacionesEncargo: pick(OBSERVACIONES),
          motivoNoRealizable: especial,
          encargoNoRealizable: especial !== '',
          fechaCreacion: fechaEncargo,
          fechaModificacion: fechaEncargo,
        })
        .returning({ id: encargos.id });
      const encargoId = (encargo as { id: number }).id;
      const [calle, comuna] = pick(CALLES);
      const rows = [
        { encargoId, direccion: `${calle} ${100 + Math.floor(next() * 9000)}`, comuna, ciudad: 'Santiago', esPrincipal: true, orden: 0 },
      ];
      if (next() > 0.6) {
        const [calle2, comuna2] = pick(CALLES);
        rows.push({
          encargoId,
          direccion: `${calle2} ${100 + Math.floor(next() * 9000)}, depto ${10 + Math.floor(next() * 90)}`,
          comuna: comuna2,
          ciudad: 'Santiago',
          esPrincipal: false,
          orden: 1,
        });
      }
      await tx.insert(domicilios).values(rows);
      if (comparendo) {
        await tx.insert(alarmas).values({
          encargoId,
          tipo: 'comparendo',
          fechaHora: comparendo,
          mensaje: `Comparendo del rol ${numeroRol}`,
        });
      }
      creados.push({ id: encargoId, estado, rol: numeroRol, fechaEncargo });
    }

    // One re-assignment of a prepared assignment: same rol, original kept and marked.
    const original = creados.find((c) => c.estado === 'preparado');
    if (original) {
      await tx.execute(sql`
        with nuevo as (
          insert into encargos (numero_rol, estado, fecha_encargo, fecha_retiro, fecha_demanda, fecha_resolucion,
            cuantia, numero_operacion, rut_ejecutado, rut_representante_legal, ejecutados, partes, estudio_id,
            parte_demandante_id, tribunal_id, tipo_encargo_id, tipo_causa_id, observaciones_encargo,
            observacion_re_encargo, es_re_encargo, encargo_original_id, motivo_re_encargo)
          select numero_rol, 'preparado', ${isoDate(now)}, ${isoDate(now)}, fecha_demanda, fecha_resolucion,
            cuantia, numero_operacion, rut_ejecutado, rut_representante_legal, ejecutados, partes, estudio_id,
            parte_demandante_id, tribunal_id, tipo_encargo_id, tipo_causa_id, 'Es urgente',
            'Nuevo domicilio informado por el estudio', true, id, 'Re-encargo con datos actualizados'
          from encargos where id = ${original.id}
          returning id
        )
        insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, orden)
        select id, 'Av. José Pedro Alessandri 1242', 'Ñuñoa', 'Santiago', true, 0 from nuevo
      `);
      await tx.execute(sql`update encargos set es_re_encargado = true where id = ${original.id}`);
    }

    // Results and stamps: field results for the assignments past preparado; stamped ones carry their date.
    const tipos = await tx.select().from(tiposEstampado).orderBy(asc(tiposEstampado.orden));
    if (tipos.length > 0) {
      for (const c of creados.filter((x) => x.estado === 'listo_para_estampar' || x.estado === 'estampado')) {
        const tipo = pick(tipos);
        const visita = addDays(c.fechaEncargo, 2 + Math.floor(next() * 6));
        visita.setUTCHours(12 + Math.floor(next() * 8), Math.floor(next() * 4) * 15, 0, 0);
        const fecha = notAfter(visita, addDays(now, -1 / 24));
        const personalizado = next() > 0.8 ? tipo.valorPorDefecto + 10_000 : null;
        await tx.insert(diligencias).values({
          encargoId: c.id,
          tipoEstampadoId: tipo.id,
          fechaDiligencia: fecha,
          apuntesTerreno: pick(APUNTES),
          tratamiento: next() > 0.5 ? 'don' : 'doña',
          valorCobrado: personalizado,
          valorFinal: personalizado ?? tipo.valorPorDefecto,
          motivoCambioValor: personalizado ? 'Considerar distancia' : '',
          observaciones: personalizado ? 'Considerar distancia' : '',
          creadoPor: 'admin',
          fechaCreacion: fecha,
        });
        if (c.estado === 'estampado') {
          await tx
            .update(encargos)
            .set({
              estadoEstampado: 'estampado',
              fechaEstampado: isoDate(notAfter(addDays(fecha, 1 + Math.floor(next() * 3)), now)),
              observacionEstampado: 'Estampado generado automáticamente',
            })
            .where(eq(encargos.id, c.id));
        }
      }
    }
    // The rows above were written directly: their assignments' stories come from them (tenant 0031).
    await tx.execute(sql`select completar_encargo_eventos()`);
  });
}
