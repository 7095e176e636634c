import {
  CrearPlantillaResponseSchema,
  MARCADORES,
  MarcadoresResponseSchema,
  PlantillaListResponseSchema,
  PlantillaResponseSchema,
  plantillaMessages as m,
  SubirPlantillaResponseSchema,
  VerificarPlantillaResponseSchema,
} from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { buildDocx, docxText } from '../../documents/docx/ooxml';
import { RECEPTOR_A, type ResultadosWorld, setupResultados } from '../diligencias/resultados.fixtures';

let t: TestContext;
let w: ResultadosWorld;

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
});
afterAll(() => t.close());

const BASE = '/estampados/api/plantillas';

/** A multipart/form-data body with one file field, as the web's FormData sends it. */
function multipart(field: string, filename: string, bytes: Buffer, type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
  const boundary = '----receptoria-prueba-7d9f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function listar(token = w.tokenA) {
  const response = await t.request(token, { method: 'GET', url: BASE });
  expect(response.statusCode).toBe(200);
  return PlantillaListResponseSchema.parse(response.json()).plantillas;
}

describe('listing and markers', () => {
  it('lists the seeded template of every stamp type with the receiver and type badge', async () => {
    const plantillas = await listar();
    expect(plantillas.length).toBeGreaterThanOrEqual(14);
    const positiva = plantillas.find((p) => p.nombre === 'plantilla_busqueda_positiva_receptoria');
    expect(positiva).toMatchObject({
      receptor: RECEPTOR_A.nombre,
      tipoEstampado: 'Búsqueda positiva',
      url: null,
      personalizada: false,
      modificadoPor: 'sistema',
    });
    expect(positiva?.fechaModificacion).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/);
  });

  it('lists every reference marker with a Spanish description', async () => {
    const response = await t.request(w.tokenA, { method: 'GET', url: `${BASE}/marcadores-referencia` });
    expect(response.statusCode).toBe(200);
    const { marcadores } = MarcadoresResponseSchema.parse(response.json());
    const nombres = marcadores.map((x) => x.marcador);
    for (const campo of [
      'numero_rol', 'fecha_encargo', 'estudio_juridico', 'tribunal', 'tipo_causa_nombre', 'tipo_encargo_nombre',
      'parte_demandante', 'ejecutados', 'partes', 'rut_ejecutado', 'rut_demandado', 'rut_representante_legal',
      'domicilio_demandado', 'domicilio_comuna', 'fecha_retiro', 'fecha_resolucion', 'fecha_comparendo', 'fecha_prueba',
      'fecha_demanda', 'cuantia', 'numero_operacion', 'observaciones_encargo', 'observacion_retiro',
      'motivo_no_realizable', 'tipo_estampado', 'fecha_diligencia', 'hora_diligencia', 'resultado_diligencia',
      'apuntes_terreno', 'valor_cobrado', 'observaciones_diligencia', 'fecha_hoy', 'hora_actual', 'receptor_nombre',
      'receptor_rut', 'receptor_direccion', 'receptor_comuna', 'tratamiento', 'fecha_diligencia_palabras',
    ]) {
      expect(nombres).toContain(campo);
    }
    expect(marcadores.every((x) => x.descripcion.length > 5 && x.descripcion !== 'Sin descripción')).toBe(true);
    expect(marcadores).toHaveLength(MARCADORES.length);
  });

  it('lists the markers of a template and verifies every seeded template', async () => {
    const plantillas = await listar();
    for (const plantilla of plantillas) {
      const verificacion = VerificarPlantillaResponseSchema.parse(
        (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${plantilla.id}/verificar` })).json(),
      );
      expect(verificacion).toMatchObject({ valida: true, marcadores_desconocidos: [], errores: [] });
    }
    const negativa = plantillas.find((p) => p.nombre === 'plantilla_busqueda_negativa_no_reside_receptoria');
    const { marcadores } = MarcadoresResponseSchema.parse(
      (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${negativa?.id}/marcadores` })).json(),
    );
    expect(marcadores.map((x) => x.marcador)).toEqual(
      expect.arrayContaining(['numero_rol', 'persona', 'identificacion_ejecutado', 'dichos_informante', 'apuntes_oracion', 'valor_cobrado', 'receptor_nombre']),
    );
    const one = PlantillaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${negativa?.id}` })).json());
    expect(one.plantilla.tipoEstampado).toBe('Búsqueda negativa - no reside en el domicilio');
  });

  it('words the built-in certificates as a receiver does', async () => {
    const plantillas = await listar();
    const texts = new Map<string, string>();
    for (const p of plantillas) {
      const file = await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${p.id}/archivo` });
      expect(file.statusCode).toBe(200);
      texts.set(p.nombre, docxText(file.rawPayload));
    }
    for (const text of texts.values()) {
      expect(text).toContain('CERTIFICO: Que');
      expect(text).toContain('DOY FE.');
      expect(text).toContain('Drs. $<<valor_cobrado>>.-');
      expect(text).toContain('<<receptor_nombre>>\n<<receptor_titulo>>\n<<receptor_rut_linea>>');
      expect(text).toContain('<<persona>>, <<identificacion_ejecutado>>');
      expect(text).toContain('<<lugar_certificado>>, <<fecha_diligencia_palabras>>.');
    }
    expect(texts.get('plantilla_busqueda_positiva_receptoria')).toContain('<<dichos_informante>> pude establecer');
    expect(texts.get('plantilla_busqueda_negativa_numeracion_inexistente_receptoria')).toContain('la numeración señalada en autos no existe');
    expect(texts.get('plantilla_busqueda_negativa_domicilio_incompleto_receptoria')).toContain('se encuentra incompleto');
    expect(texts.get('plantilla_busqueda_negativa_no_reside_receptoria')).toContain('no reside');
    expect(texts.get('plantilla_notificacion_subsidiaria_art_44_receptoria')).toContain('artículo 44 del Código de Procedimiento Civil');
  });
});

/** The id of a seeded stamp type, by its name. */
async function tipoId(nombre: string, token = w.tokenA): Promise<number> {
  const tipos = (await t.request(token, { method: 'GET', url: '/estampados/api/estampados/tipos' })).json() as { id: number; nombre: string }[];
  const tipo = tipos.find((x) => x.nombre === nombre);
  if (!tipo) throw new Error(`no stamp type ${nombre}`);
  return tipo.id;
}

describe('creating templates', () => {
  it('stores the trimmed name as plantilla_{name}_receptoria, attached to its stamp type', async () => {
    const tipo = await tipoId('Búsqueda positiva');
    const response = await t.request(w.tokenA, {
      method: 'POST',
      url: `${BASE}/crear-nueva`,
      payload: { nombre_plantilla: '  notificacion_especial ', tipo_estampado: String(tipo) },
    });
    expect(response.statusCode).toBe(201);
    const body = CrearPlantillaResponseSchema.parse(response.json());
    expect(body.message).toBe('¡Plantilla creada exitosamente!');
    expect(body.plantilla).toMatchObject({
      nombre: 'plantilla_notificacion_especial_receptoria',
      tipoEstampado: 'Búsqueda positiva',
      tipoEstampadoId: tipo,
      receptor: RECEPTOR_A.nombre,
    });
    expect((await listar()).map((p) => p.nombre)).toContain('plantilla_notificacion_especial_receptoria');

    const again = await t.request(w.tokenA, {
      method: 'POST',
      url: `${BASE}/crear-nueva`,
      payload: { nombre_plantilla: 'notificacion_especial', tipo_estampado: tipo },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.nombreDuplicado);
  });

  it('refuses a blank name with the spec text, and users without estampar', async () => {
    const tipo = await tipoId('Búsqueda positiva');
    for (const nombre_plantilla of ['', '   ', null]) {
      const response = await t.request(w.tokenA, { method: 'POST', url: `${BASE}/crear-nueva`, payload: { nombre_plantilla, tipo_estampado: tipo } });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Por favor ingrese un nombre para la plantilla');
    }
    const forbidden = await t.request(w.tokenSinPermiso, {
      method: 'POST',
      url: `${BASE}/crear-nueva`,
      payload: { nombre_plantilla: 'otra', tipo_estampado: tipo },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('refuses a template without a stamp type, or with one the receiver does not have, and stores nothing', async () => {
    const antes = (await listar()).length;
    for (const tipo_estampado of [undefined, null, '']) {
      const response = await t.request(w.tokenA, { method: 'POST', url: `${BASE}/crear-nueva`, payload: { nombre_plantilla: 'sin_tipo', tipo_estampado } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Debes seleccionar un tipo de estampado', errors: { tipo_estampado: ['Debes seleccionar un tipo de estampado'] } });
    }
    for (const tipo_estampado of [999_999, 'abc', '  ', -1, 1.5, true]) {
      const response = await t.request(w.tokenA, { method: 'POST', url: `${BASE}/crear-nueva`, payload: { nombre_plantilla: 'sin_tipo', tipo_estampado } });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Tipo de estampado no válido');
    }
    expect(await listar()).toHaveLength(antes);
  });
});

describe('uploading and downloading', () => {
  it('replaces the file with an uploaded .docx (multipart) and downloads it back byte for byte', async () => {
    const [first] = await listar();
    const docx = buildDocx([{ texto: 'CERTIFICO: versión del receptor para <<numero_rol>>. DOY FE.' }]);
    const upload = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${first?.id}/archivo`, ...multipart('archivo', 'mi-plantilla.docx', docx) });
    expect(upload.statusCode).toBe(200);
    const body = SubirPlantillaResponseSchema.parse(upload.json());
    expect(body.message).toBe('Plantilla actualizada');
    expect(body.advertencias).toEqual([]);
    expect(body.plantilla).toMatchObject({ personalizada: true, modificadoPor: 'receptor_a' });
    expect(body.verificacion).toMatchObject({ valida: true, marcadores: ['numero_rol'] });

    const download = await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${first?.id}/archivo` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`${first?.nombre}.docx`);
    expect(Buffer.compare(download.rawPayload, docx)).toBe(0);
  });

  it('refuses a file with unknown markers (422, nothing stored) unless asked to keep it anyway', async () => {
    const plantillas = await listar();
    const target = plantillas[1];
    const before = (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${target?.id}/archivo` })).rawPayload;
    const docx = buildDocx([{ texto: 'ROL <<numero_rol>> <<campo_propio>> y <<otro_campo>> <<campo_propio>>' }]);
    const raw = { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

    for (const query of ['', '?aceptar_desconocidos=0', '?aceptar_desconocidos=false']) {
      const refused = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${target?.id}/archivo${query}`, payload: docx, headers: raw });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        detail: 'La plantilla tiene marcadores desconocidos: <<campo_propio>>, <<otro_campo>>',
        marcadores_desconocidos: ['campo_propio', 'otro_campo'],
      });
    }
    const multipartRefused = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${target?.id}/archivo`, ...multipart('archivo', 'x.docx', docx) });
    expect(multipartRefused.statusCode).toBe(422);
    const still = (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${target?.id}/archivo` })).rawPayload;
    expect(Buffer.compare(still, before)).toBe(0);
    expect((await listar()).find((p) => p.id === target?.id)?.personalizada).toBe(false);

    const bad = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${target?.id}/archivo?aceptar_desconocidos=quizas`, payload: docx, headers: raw });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('aceptar_desconocidos debe ser 1 o 0');

    const kept = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${target?.id}/archivo?aceptar_desconocidos=1`, payload: docx, headers: raw });
    expect(kept.statusCode).toBe(200);
    const body = SubirPlantillaResponseSchema.parse(kept.json());
    expect(body.advertencias).toEqual(['campo_propio', 'otro_campo']);
    expect(body.verificacion).toMatchObject({
      valida: false,
      marcadores_desconocidos: ['campo_propio', 'otro_campo'],
      errores: ['Marcadores desconocidos: <<campo_propio>>, <<otro_campo>>'],
    });
    const stored = (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${target?.id}/archivo` })).rawPayload;
    expect(Buffer.compare(stored, docx)).toBe(0);
  });

  it('takes every reference marker as known', async () => {
    const [, , third] = await listar();
    const docx = buildDocx([{ texto: MARCADORES.map((x) => `<<${x.marcador}>>`).join(' ') }]);
    const upload = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${third?.id}/archivo`, ...multipart('archivo', 'todos.docx', docx) });
    expect(upload.statusCode).toBe(200);
    expect(SubirPlantillaResponseSchema.parse(upload.json())).toMatchObject({ advertencias: [], verificacion: { valida: true } });
  });

  it('refuses a file that is not a Word document, or one over 5 MB, and keeps the old file', async () => {
    const [first] = await listar();
    const before = (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${first?.id}/archivo` })).rawPayload;
    for (const bytes of [Buffer.from('%PDF-1.4 no soy un docx'), Buffer.from('PK\u0003\u0004 zip roto')]) {
      const response = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${first?.id}/archivo`, ...multipart('archivo', 'x.docx', bytes) });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('El archivo debe ser un documento de Word (.docx) válido');
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooBig = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${first?.id}/archivo`, ...multipart('archivo', 'x.docx', big) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toBe('El archivo supera el tamaño máximo de 5 MB');
    const json = await t.request(w.tokenA, { method: 'PUT', url: `${BASE}/${first?.id}/archivo`, payload: { archivo: 'x' } });
    expect(json.statusCode).toBe(400);
    const after = (await t.request(w.tokenA, { method: 'GET', url: `${BASE}/${first?.id}/archivo` })).rawPayload;
    expect(Buffer.compare(after, before)).toBe(0);
    const forbidden = await t.request(w.tokenSinPermiso, {
      method: 'PUT',
      url: `${BASE}/${first?.id}/archivo`,
      ...multipart('archivo', 'x.docx', buildDocx([{ texto: 'x' }])),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("another receiver never sees or changes this receiver's templates", async () => {
    const created = CrearPlantillaResponseSchema.parse(
      (
        await t.request(w.tokenA, {
          method: 'POST',
          url: `${BASE}/crear-nueva`,
          payload: { nombre_plantilla: 'solo_de_a', tipo_estampado: await tipoId('Búsqueda positiva') },
        })
      ).json(),
    );
    const id = created.plantilla.id;
    for (const url of [`${BASE}/${id}`, `${BASE}/${id}/marcadores`, `${BASE}/${id}/verificar`, `${BASE}/${id}/archivo`]) {
      expect((await t.request(w.tokenB, { method: 'GET', url })).statusCode).toBe(404);
    }
    const put = await t.request(w.tokenB, { method: 'PUT', url: `${BASE}/${id}/archivo`, ...multipart('archivo', 'x.docx', buildDocx([{ texto: 'B' }])) });
    expect(put.statusCode).toBe(404);
    const listaB = await listar(w.tokenB);
    expect(listaB.map((p) => p.nombre)).not.toContain('plantilla_solo_de_a_receptoria');
    expect(listaB.every((p) => p.receptor === 'Receptor Judicial Talca')).toBe(true);

    // Same numeric id in both databases: A's uploaded file never leaks into B's download.
    const [firstA] = await listar();
    const downloadB = await t.request(w.tokenB, { method: 'GET', url: `${BASE}/${firstA?.id}/archivo` });
    expect(docxText(downloadB.rawPayload)).toContain('CERTIFICO: Que');
    expect(docxText(downloadB.rawPayload)).not.toContain('versión del receptor');
  });
});
