import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  type EncargoCreateValue,
  IMPORTACION_ID_PATTERN,
  type ImportarFila,
  type ImportarMapeo,
  type ImportarPreview,
  type ImportarResumen,
  importarMessages as m,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { createEncargo } from '../encargos/encargos.service';
import { type ArchivoSubido, createSolicitud, type PortalAutor } from '../portal/solicitudes.service';
import type { PlanillaLeida } from './importar-planilla';
import { claveNombre, columnasDe, type FilaValidada, type Listas, validarFilas } from './importar-validar';
import { importacionDocumentos, importaciones, importacionFilas, importacionMapeos } from './importar.tables';
import type { DocumentoZip } from './importar-zip';

const { estudios, partesDemandantes, tribunales, tiposCausa, tiposEncargo } = tenantSchema;

/** Who imports: the office (any firm it picks) or a firm's portal user (its own firm only, as requests). */
export type Importador =
  | { origen: 'oficina'; actor: AuditActor }
  | { origen: 'portal'; actor: AuditActor; autor: PortalAutor };

const INSERT_LOTE = 250;
const CONFIRMAR_LOTE = 100;

async function listasDe(db: TenantDb, estudioId: number): Promise<Listas> {
  const [t, c, e, p] = await Promise.all([
    db.select({ id: tribunales.id, nombre: tribunales.nombre }).from(tribunales),
    db.select({ id: tiposCausa.id, nombre: tiposCausa.nombre }).from(tiposCausa),
    db.select({ id: tiposEncargo.id, nombre: tiposEncargo.nombre }).from(tiposEncargo),
    db.select({ id: partesDemandantes.id, nombre: partesDemandantes.nombre }).from(partesDemandantes).where(eq(partesDemandantes.estudioId, estudioId)),
  ]);
  const mapa = (rows: Array<{ id: number; nombre: string }>) => new Map(rows.map((r) => [claveNombre(r.nombre), r.id]));
  return { tribunales: mapa(t), tiposCausa: mapa(c), tiposEncargo: mapa(e), partes: mapa(p) };
}

export async function requireEstudio(db: TenantDb, estudioId: number): Promise<{ id: number; nombre: string }> {
  const [row] = await db.select({ id: estudios.id, nombre: estudios.nombre, activo: estudios.activo }).from(estudios).where(eq(estudios.id, estudioId));
  if (!row || !row.activo) throw new AppError('BAD_REQUEST', m.estudioInvalido, { errors: { estudio: [m.estudioInvalido] } });
  return { id: row.id, nombre: row.nombre };
}

export async function mapeoGuardado(db: TenantDb, estudioId: number): Promise<ImportarMapeo> {
  const [row] = await db.select({ mapeo: importacionMapeos.mapeo }).from(importacionMapeos).where(eq(importacionMapeos.estudioId, estudioId));
  return (row?.mapeo as ImportarMapeo | undefined) ?? {};
}

/** Rol and court pairs already in the receiver's database (the firm's own assignments for the portal). */
async function duplicadosEnBase(db: TenantDb, claves: Array<{ rol: string; tribunal: number }>, soloEstudio?: number): Promise<Set<string>> {
  if (claves.length === 0) return new Set();
  const roles = claves.map((c) => c.rol);
  const cortes = claves.map((c) => c.tribunal);
  const result = (await db.execute(sql`
    select distinct e.numero_rol as rol, e.tribunal_id as tribunal
    from encargos e
    join unnest(${`{${roles.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`}::text[], ${`{${cortes.join(',')}}`}::int[]) as k(rol, tribunal)
      on e.numero_rol = k.rol and e.tribunal_id = k.tribunal
    where ${soloEstudio === undefined ? sql`true` : sql`e.estudio_id = ${soloEstudio}`}`)) as unknown as { rows: Array<{ rol: string; tribunal: number }> };
  return new Set(result.rows.map((r) => `${r.rol}|${r.tribunal}`));
}

function resumenDe(filas: Array<Pick<ImportarFila, 'errores' | 'duplicado' | 'documentos' | 'encargo_id' | 'solicitud_id'>>, confirmada: boolean): ImportarResumen {
  let listas = 0;
  let conErrores = 0;
  let duplicados = 0;
  let documentos = 0;
  let creadas = 0;
  for (const f of filas) {
    const errores = Object.keys(f.errores).length > 0;
    if (errores) conErrores += 1;
    if (f.duplicado) duplicados += 1;
    if (!errores && !f.duplicado) listas += 1;
    documentos += f.documentos.length;
    if (f.encargo_id !== null || f.solicitud_id !== null) creadas += 1;
  }
  return { total: filas.length, listas, con_errores: conErrores, duplicados, documentos, creadas, confirmada };
}

/**
 * The preview of an upload: every row validated as Nuevo Encargo would, duplicates marked (same rol and
 * court in the database, or earlier in the file), the ZIP's PDFs matched by rol. Stored whole, so the
 * confirmation creates exactly what was shown. A new mapping of unknown headers is remembered for the firm.
 */
export async function crearImportacion(
  db: TenantDb,
  importador: Importador,
  input: { estudioId: number; archivoNombre: string; planilla: PlanillaLeida; mapeo: ImportarMapeo | undefined; documentos: DocumentoZip[]; ignorados: string[] },
): Promise<ImportarPreview> {
  const estudio = await requireEstudio(db, input.estudioId);
  const guardado = await mapeoGuardado(db, estudio.id);
  const mapeo = { ...guardado, ...(input.mapeo ?? {}) };
  const { indices, reconocidas, desconocidas } = columnasDe(input.planilla.encabezados, mapeo);
  if (input.planilla.filas.length === 0) throw new AppError('BAD_REQUEST', m.sinFilas, { errors: { archivo: [m.sinFilas] } });
  const listas = await listasDe(db, estudio.id);
  const validadas = await validarFilas(input.planilla.filas, indices, listas, estudio.id);

  const enBase = await duplicadosEnBase(
    db,
    validadas.flatMap((f) => (f.clave ? [f.clave] : [])),
    importador.origen === 'portal' ? estudio.id : undefined,
  );
  const primera = new Map<string, number>();
  const porRol = new Map<string, DocumentoZip[]>();
  for (const doc of input.documentos) porRol.set(doc.numeroRol, [...(porRol.get(doc.numeroRol) ?? []), doc]);
  const usados = new Set<string>();

  const filas = validadas.map((f: FilaValidada) => {
    let duplicado: 'base' | 'archivo' | null = null;
    let motivo: string | null = null;
    if (f.clave) {
      const key = `${f.clave.rol}|${f.clave.tribunal}`;
      if (enBase.has(key)) {
        duplicado = 'base';
        motivo = m.duplicadoBase;
      } else if (primera.has(key)) {
        duplicado = 'archivo';
        motivo = m.duplicadoArchivo(primera.get(key)!);
      } else primera.set(key, f.n);
    }
    const rol = f.clave?.rol ?? (f.valores.numero_rol ?? '').toUpperCase();
    const docs = (porRol.get(rol) ?? []).map((d) => {
      usados.add(d.nombre);
      return { campo: d.campo, nombre: d.nombre, bytes: d.contenido.length };
    });
    return { ...f, duplicado, motivo, documentos: docs };
  });

  const id = randomUUID();
  const resumen = resumenDe(
    filas.map((f) => ({ ...f, encargo_id: null, solicitud_id: null })),
    false,
  );
  // Stored in slices, each its own transaction: the embedded database serves one transaction at a time,
  // and other requests are answered between slices. A failure part-way removes what was stored.
  await db.insert(importaciones).values({
    id,
    origen: importador.origen,
    estudioId: estudio.id,
    portalUsuarioId: importador.origen === 'portal' ? importador.autor.usuarioId : null,
    creadoPor: importador.actor.username.slice(0, 150),
    archivoNombre: input.archivoNombre.slice(0, 255),
    resumen,
  });
  try {
    for (let i = 0; i < filas.length; i += INSERT_LOTE) {
      await db.insert(importacionFilas).values(
        filas.slice(i, i + INSERT_LOTE).map((f) => ({
          importacionId: id,
          n: f.n,
          valores: f.valores,
          datos: f.datos,
          errores: f.errores,
          duplicado: f.duplicado,
          documentos: f.documentos,
          motivo: f.motivo,
        })),
      );
      await yieldToLoop();
    }
    // Only the PDFs some row uses are kept; one per rol and kind (the first in the ZIP).
    const vistos = new Set<string>();
    for (const doc of input.documentos) {
      const key = `${doc.numeroRol}|${doc.campo}`;
      if (!usados.has(doc.nombre) || vistos.has(key)) continue;
      vistos.add(key);
      await db.insert(importacionDocumentos).values({
        importacionId: id,
        numeroRol: doc.numeroRol,
        campo: doc.campo,
        nombre: doc.nombre,
        bytes: doc.contenido.length,
        sha256: createHash('sha256').update(doc.contenido).digest('hex'),
        contenido: doc.contenido,
      });
    }
    if (input.mapeo && Object.keys(input.mapeo).length > 0) {
      await db
        .insert(importacionMapeos)
        .values({ estudioId: estudio.id, mapeo })
        .onConflictDoUpdate({ target: importacionMapeos.estudioId, set: { mapeo, actualizadoEn: new Date() } });
    }
  } catch (error) {
    await db.delete(importaciones).where(eq(importaciones.id, id));
    throw error;
  }
  return {
    id,
    archivo: input.archivoNombre,
    estudio,
    columnas: { reconocidas, desconocidas },
    documentos_sin_fila: [...input.ignorados, ...input.documentos.filter((d) => !usados.has(d.nombre)).map((d) => d.nombre)].slice(0, 500),
    filas: filas.map((f) => ({
      n: f.n,
      valores: f.valores,
      errores: f.errores,
      duplicado: f.duplicado,
      documentos: f.documentos,
      encargo_id: null,
      solicitud_id: null,
      motivo: f.motivo,
    })),
    resumen,
  };
}

type ImportacionRow = typeof importaciones.$inferSelect;

/** The import, if it is the caller's: the office sees the office's, a firm's user its firm's (else 404). */
async function requireImportacion(db: TenantDb, id: string, importador: Importador): Promise<ImportacionRow> {
  if (!IMPORTACION_ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', m.importacionNoEncontrada);
  const [row] = await db.select().from(importaciones).where(eq(importaciones.id, id));
  const visible =
    row &&
    (importador.origen === 'oficina' ? row.origen === 'oficina' : row.origen === 'portal' && row.estudioId === importador.autor.estudioId);
  if (!visible) throw new AppError('NOT_FOUND', m.importacionNoEncontrada);
  return row;
}

async function filasDe(db: TenantDb, id: string): Promise<ImportarFila[]> {
  const rows = await db.select().from(importacionFilas).where(eq(importacionFilas.importacionId, id)).orderBy(asc(importacionFilas.n));
  return rows.map((r) => ({
    n: r.n,
    valores: r.valores as Record<string, string>,
    errores: r.errores as Record<string, string[]>,
    duplicado: (r.duplicado as 'base' | 'archivo' | null) ?? null,
    documentos: r.documentos as ImportarFila['documentos'],
    encargo_id: r.encargoId,
    solicitud_id: r.solicitudId,
    motivo: r.motivo,
  }));
}

export async function getImportacion(db: TenantDb, id: string, importador: Importador): Promise<ImportarPreview> {
  const row = await requireImportacion(db, id, importador);
  const filas = await filasDe(db, id);
  const [estudio] = await db.select({ id: estudios.id, nombre: estudios.nombre }).from(estudios).where(eq(estudios.id, row.estudioId));
  return {
    id,
    archivo: row.archivoNombre,
    estudio: estudio ?? { id: row.estudioId, nombre: '' },
    columnas: { reconocidas: [], desconocidas: [] },
    documentos_sin_fila: [],
    filas,
    resumen: resumenDe(filas, row.confirmadaEn !== null),
  };
}

/**
 * Creates the chosen rows (all the valid ones when none are named), each as Nuevo Encargo does
 * (preparado, alarms, lifecycle event, audit) with its PDFs attached — or, from the portal, as a request
 * in the office's inbox. Batches of 100 rows per transaction; each row in its own savepoint, so one
 * refused row does not undo the others. A row already created is never created again.
 */
export async function confirmarImportacion(db: TenantDb, id: string, filasElegidas: number[] | undefined, importador: Importador) {
  const row = await requireImportacion(db, id, importador);
  const todas = await db
    .select({ n: importacionFilas.n })
    .from(importacionFilas)
    .where(eq(importacionFilas.importacionId, id));
  const existentes = new Set(todas.map((f) => f.n));
  for (const n of filasElegidas ?? []) {
    if (!existentes.has(n)) throw new AppError('BAD_REQUEST', m.filaNoExiste(n), { errors: { filas: [m.filaNoExiste(n)] } });
  }
  const elegidas = filasElegidas ? [...new Set(filasElegidas)].sort((a, b) => a - b) : [...existentes].sort((a, b) => a - b);
  let creadas = 0;
  for (let i = 0; i < elegidas.length; i += CONFIRMAR_LOTE) {
    const lote = elegidas.slice(i, i + CONFIRMAR_LOTE);
    const resultado = await db.transaction(async (tx) => {
      // Locked and re-read: a concurrent confirmation waits here and then finds the rows taken.
      const pendientes = await tx
        .select()
        .from(importacionFilas)
        .where(
          and(
            eq(importacionFilas.importacionId, id),
            sql`${importacionFilas.n} = any(${`{${lote.join(',')}}`}::int[])`,
            sql`${importacionFilas.encargoId} is null and ${importacionFilas.solicitudId} is null`,
            sql`${importacionFilas.datos} is not null and ${importacionFilas.duplicado} is null`,
          ),
        )
        .orderBy(asc(importacionFilas.n))
        .for('update');
      const claves = pendientes.map((f) => ({ rol: (f.datos as EncargoCreateValue).numero_rol, tribunal: (f.datos as EncargoCreateValue).tribunal }));
      const yaEnBase = await duplicadosEnBase(tx, claves, importador.origen === 'portal' ? row.estudioId : undefined);
      const hechos: Array<{ n: number; encargoId: number | null; solicitudId: number | null; motivo: string }> = [];
      for (const fila of pendientes) {
        const datos = fila.datos as EncargoCreateValue;
        if (yaEnBase.has(`${datos.numero_rol}|${datos.tribunal}`)) {
          await tx.update(importacionFilas).set({ duplicado: 'base', motivo: m.duplicadoBase }).where(and(eq(importacionFilas.importacionId, id), eq(importacionFilas.n, fila.n)));
          continue;
        }
        try {
          if (importador.origen === 'oficina') {
            const encargo = await createEncargo(tx, { ...datos, estudio_juridico: row.estudioId }, importador.actor);
            await tx.execute(sql`
              insert into encargo_adjuntos (encargo_id, nombre, tipo_mime, bytes, sha256, contenido, origen, creado_por)
              select ${encargo.id}, nombre, 'application/pdf', bytes, sha256, contenido, campo, ${importador.actor.username}
              from importacion_documentos where importacion_id = ${id} and numero_rol = ${datos.numero_rol} order by campo`);
            hechos.push({ n: fila.n, encargoId: encargo.id, solicitudId: null, motivo: m.creado });
          } else {
            const docs = await tx
              .select({ campo: importacionDocumentos.campo, nombre: importacionDocumentos.nombre, contenido: importacionDocumentos.contenido })
              .from(importacionDocumentos)
              .where(and(eq(importacionDocumentos.importacionId, id), eq(importacionDocumentos.numeroRol, datos.numero_rol)));
            const { estudio_juridico: _firma, encargo_no_realizable: _derivado, ...solicitud } = datos;
            const archivos: ArchivoSubido[] = docs.map((d) => ({ campo: d.campo as ArchivoSubido['campo'], nombre: d.nombre, contenido: d.contenido }));
            const creada = await createSolicitud(tx, importador.autor, solicitud, archivos, importador.actor);
            hechos.push({ n: fila.n, encargoId: null, solicitudId: creada.id, motivo: m.enviada });
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await tx
            .update(importacionFilas)
            .set({ motivo: error.message.slice(0, 500) })
            .where(and(eq(importacionFilas.importacionId, id), eq(importacionFilas.n, fila.n)));
        }
      }
      if (hechos.length > 0) {
        await tx.execute(sql`
          update importacion_filas f set encargo_id = h.encargo_id, solicitud_id = h.solicitud_id, motivo = h.motivo
          from unnest(${`{${hechos.map((h) => h.n).join(',')}}`}::int[],
                      ${`{${hechos.map((h) => h.encargoId ?? 'NULL').join(',')}}`}::int[],
                      ${`{${hechos.map((h) => h.solicitudId ?? 'NULL').join(',')}}`}::int[],
                      ${`{${hechos.map((h) => `"${h.motivo}"`).join(',')}}`}::text[]) as h(n, encargo_id, solicitud_id, motivo)
          where f.importacion_id = ${id} and f.n = h.n`);
      }
      return hechos.length;
    });
    creadas += resultado;
  }
  await db.update(importaciones).set({ confirmadaEn: sql`coalesce(${importaciones.confirmadaEn}, now())` }).where(eq(importaciones.id, id));
  const omitidas = elegidas.length - creadas;
  const filas = await filasDe(db, id);
  return { id, creadas, omitidas, resumen: resumenDe(filas, true) };
}

export async function filasParaResultado(db: TenantDb, id: string, importador: Importador) {
  const row = await requireImportacion(db, id, importador);
  return { row, filas: await filasDe(db, id) };
}
