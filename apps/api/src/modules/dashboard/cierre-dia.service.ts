import { type CierreDia, cierreDiaMessages as m, esResultadoNegativo, type ResultadoVisita, todayIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { buildCierreDiaPdf } from '../../documents/cierre-dia';
import { listCertificadosDelDia, listSinResultadosDelDia, listVisitasDelDia } from './cierre-dia.repository';

/**
 * The day's closing (America/Santiago): the certificates issued with their fees, the total and what
 * Cobranza will bill (each assignment once, however many certificates it got), the field visits with
 * what followed them, and the assignments worked that day still without results.
 */
export async function getCierreDia(db: TenantDb, fecha: string | undefined, now = new Date()): Promise<CierreDia> {
  const dia = fecha ?? todayIso(now);
  const [certificados, sinResultados, visitasDia] = await Promise.all([
    listCertificadosDelDia(db, dia),
    listSinResultadosDelDia(db, dia),
    listVisitasDelDia(db, dia),
  ]);
  const visitas = visitasDia.map((v) => ({ ...v, negativa: esResultadoNegativo(v.resultado as ResultadoVisita) }));
  const porEncargo = new Map<number, { valor: number; facturable: boolean }>();
  const items = certificados.map((row) => {
    const valor = row.valor === null ? null : Number(row.valor);
    if (row.encargo_id !== null) porEncargo.set(row.encargo_id, { valor: valor ?? 0, facturable: row.facturable });
    return {
      id: row.id,
      encargo_id: row.encargo_id,
      numero_rol: row.numero_rol,
      tipo_estampado: row.tipo_estampado ?? '',
      estudio: row.estudio,
      creado_por: row.creado_por,
      hora: row.hora,
      valor,
      facturable: row.facturable,
    };
  });
  const encargos = [...porEncargo.values()];
  const facturables = encargos.filter((x) => x.facturable);
  return {
    fecha: dia,
    certificados: items,
    encargos_certificados: encargos.length,
    total_derechos: encargos.reduce((sum, x) => sum + x.valor, 0),
    encargos_facturables: facturables.length,
    total_facturable: facturables.reduce((sum, x) => sum + x.valor, 0),
    sin_resultados: sinResultados.map((row) => ({ ...row, ejecutados: row.ejecutados ?? '' })),
    criterio_sin_resultados: m.criterioSinResultados,
    visitas,
    encargos_visitados: new Set(visitas.map((v) => v.encargo_id)).size,
    visitas_negativas: visitas.filter((v) => v.negativa).length,
    visitas_sin_resultados: visitas.filter((v) => !v.con_resultados).length,
    visitas_sin_certificado: visitas.filter((v) => !v.con_certificado).length,
    visitas_facturables: visitas.filter((v) => v.facturable).length,
  };
}

export async function getCierreDiaPdf(db: TenantDb, fecha: string | undefined, receptor: string, now = new Date()) {
  const cierre = await getCierreDia(db, fecha, now);
  return { filename: `cierre-dia-${cierre.fecha}.pdf`, content: await buildCierreDiaPdf(cierre, receptor, now) };
}
