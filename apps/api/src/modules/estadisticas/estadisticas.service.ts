import {
  ALERTA_UMBRALES,
  DIAS_SEMANA,
  type EstadisticasDiarias,
  type EstadisticasMensuales,
  estadisticaMessages as m,
  SEMAFORO_UMBRALES,
  semaforoDe,
  todayIso,
  variacionPorcentual,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import {
  contarEsperaLarga,
  contarSinEstampar,
  detalleDelPeriodo,
  diaMayorActividad,
  porDia,
  porEstudio,
  porHora,
  totalesDelPeriodo,
} from './estadisticas.repository';

const TOP = 3;

function nextDay(iso: string): string {
  const [y, mo, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d! + 1)).toISOString().slice(0, 10);
}

/** First day of the month and of the next one. */
export function monthBounds(mes: string): { desde: string; hasta: string } {
  const [y, mo] = mes.split('-').map(Number);
  const desde = `${mes}-01`;
  const hasta = new Date(Date.UTC(y!, mo!, 1)).toISOString().slice(0, 10);
  return { desde, hasta };
}

export function lastDayOfMonth(mes: string): string {
  const [y, mo] = mes.split('-').map(Number);
  return new Date(Date.UTC(y!, mo!, 0)).toISOString().slice(0, 10);
}

export function previousMonth(mes: string): string {
  const [y, mo] = mes.split('-').map(Number);
  return new Date(Date.UTC(y!, mo! - 2, 1)).toISOString().slice(0, 7);
}

const average = (valor: number, encargos: number) => (encargos === 0 ? 0 : Math.round(valor / encargos));

export async function getDiarias(db: TenantDb, fecha = todayIso()): Promise<EstadisticasDiarias> {
  const hasta = nextDay(fecha);
  const [detalle, totales, estudios, horas] = await Promise.all([
    detalleDelPeriodo(db, fecha, hasta),
    totalesDelPeriodo(db, fecha, hasta),
    porEstudio(db, fecha, hasta),
    porHora(db, fecha, hasta),
  ]);
  return {
    fecha,
    encargos: {
      total: totales.encargos,
      por_estado: { estampado: totales.estampados, listo_para_estampar: totales.listos },
      detalle: detalle.map((row) => ({
        id: row.id,
        numero_rol: row.numero_rol,
        estado: row.estado as 'estampado' | 'listo_para_estampar',
        valor_cobrado: Number(row.valor),
        estudio_juridico: row.estudio,
        tipo_estampado: row.tipo_estampado,
        hora: row.hora,
      })),
    },
    valor: { total_facturado: totales.valor, promedio_por_encargo: average(totales.valor, totales.encargos) },
    por_estudio: estudios.map((e) => ({ nombre: e.nombre, encargos: e.encargos, valor_total: e.valor })),
    por_hora: horas,
  };
}

export async function getMensuales(db: TenantDb, mes = todayIso().slice(0, 7), hoy = todayIso()): Promise<EstadisticasMensuales> {
  const { desde, hasta } = monthBounds(mes);
  const anterior = previousMonth(mes);
  const prev = monthBounds(anterior);
  const [totales, estudios, dias, dow, totalesPrev, estudiosPrev, esperaLarga, sinEstampar] = await Promise.all([
    totalesDelPeriodo(db, desde, hasta),
    porEstudio(db, desde, hasta),
    porDia(db, desde, hasta),
    diaMayorActividad(db, desde, hasta),
    totalesDelPeriodo(db, prev.desde, prev.hasta),
    porEstudio(db, prev.desde, prev.hasta),
    contarEsperaLarga(db, hoy, ALERTA_UMBRALES.diasEsperaCritica),
    contarSinEstampar(db, ALERTA_UMBRALES.diasSinEstampar),
  ]);

  const promedioGeneral = average(totales.valor, totales.encargos);
  const rentabilidad = estudios
    .map((e) => {
      const promedio = average(e.valor, e.encargos);
      return { nombre: e.nombre, encargos: e.encargos, valor_total: e.valor, promedio_por_encargo: promedio, semaforo: semaforoDe(promedio, promedioGeneral) };
    })
    .sort((a, b) => b.valor_total - a.valor_total || b.encargos - a.encargos || a.nombre.localeCompare(b.nombre, 'es'));

  const porVolumen = [...estudios]
    .sort((a, b) => b.encargos - a.encargos || b.valor - a.valor || a.nombre.localeCompare(b.nombre, 'es'))
    .slice(0, TOP)
    .map((e) => ({ nombre: e.nombre, cantidad: e.encargos }));
  const porValor = [...estudios]
    .sort((a, b) => b.valor - a.valor || b.encargos - a.encargos || a.nombre.localeCompare(b.nombre, 'es'))
    .slice(0, TOP)
    .map((e) => ({ nombre: e.nombre, valor: e.valor }));

  const alertas: EstadisticasMensuales['alertas'] = [];
  if (esperaLarga > 0) alertas.push({ tipo: 'critica', mensaje: m.alertaEsperaLarga(esperaLarga, ALERTA_UMBRALES.diasEsperaCritica) });
  if (sinEstampar > 0) alertas.push({ tipo: 'advertencia', mensaje: m.alertaSinEstampar(sinEstampar, ALERTA_UMBRALES.diasSinEstampar) });
  for (const before of estudiosPrev) {
    if (before.encargos < ALERTA_UMBRALES.volumenMinimoComparable) continue;
    const now = estudios.find((e) => e.estudioId === before.estudioId)?.encargos ?? 0;
    const caida = Math.round(((before.encargos - now) / before.encargos) * 100);
    if (caida >= ALERTA_UMBRALES.caidaVolumenPorcentaje) {
      alertas.push({ tipo: 'advertencia', mensaje: m.alertaCaidaVolumen(before.nombre, caida) });
    }
  }
  if (totales.encargos === 0) alertas.push({ tipo: 'info', mensaje: m.alertaSinActividad });

  // Recommended: the firms that pay best per assignment among those in green, then the rest.
  const recomendados = [...rentabilidad]
    .sort(
      (a, b) =>
        Number(b.semaforo === 'verde') - Number(a.semaforo === 'verde') ||
        b.valor_total - a.valor_total ||
        b.promedio_por_encargo - a.promedio_por_encargo,
    )
    .map((e) => e.nombre);

  return {
    mes,
    periodo: { desde, hasta: lastDayOfMonth(mes) },
    resumen: {
      total_encargos: totales.encargos,
      valor_total: totales.valor,
      promedio_por_encargo: promedioGeneral,
      dias_activos: totales.dias,
      estudios_activos: totales.estudios,
    },
    rentabilidad_estudios: rentabilidad,
    top_estudios: { por_volumen: porVolumen, por_valor: porValor },
    alertas,
    analisis_predictivo: {
      dia_mayor_actividad: dow === null ? null : DIAS_SEMANA[dow]!,
      promedio_dia_activo: totales.dias === 0 ? 0 : Math.round((totales.encargos / totales.dias) * 10) / 10,
      estudios_recomendados: recomendados.slice(0, 5),
    },
    comparativa: {
      encargos_porcentaje: variacionPorcentual(totales.encargos, totalesPrev.encargos),
      ingresos_porcentaje: variacionPorcentual(totales.valor, totalesPrev.valor),
      mes_anterior: { mes: anterior, total_encargos: totalesPrev.encargos, valor_total: totalesPrev.valor },
    },
    por_dia: dias,
    umbrales: { semaforo: { ...SEMAFORO_UMBRALES }, alertas: { ...ALERTA_UMBRALES } },
  };
}
