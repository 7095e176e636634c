import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Catalogos, claveTribunal, type ItemLista, leerDocumentos, type PaginaLeida } from './reglas';
import { aplanar, anioEnPalabras, numeroEnPalabras, ordinalesANumeros } from './texto';

/** The receiver's lists exactly as the lookups migration seeds them. */
function sembrados(tabla: string): ItemLista[] {
  const sql = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/db/migrations/tenant/0002_lookups.sql'), 'utf8');
  const bloque = new RegExp(`INSERT INTO ${tabla} \\(nombre, orden\\) VALUES([\\s\\S]*?)ON CONFLICT`).exec(sql)?.[1] ?? '';
  return [...bloque.matchAll(/\('((?:[^']|'')*)',\s*(\d+)\)/g)].map((m, i) => ({ id: i + 1, nombre: (m[1] as string).replace(/''/g, "'") }));
}

const catalogos: Catalogos = {
  tribunales: sembrados('tribunales'),
  tiposCausa: sembrados('tipos_causa'),
  partes: [
    { id: 501, nombre: 'BANCO DE CHILE' },
    { id: 502, nombre: 'BANCO' },
    { id: 503, nombre: 'Scotiabank Chile' },
  ],
};
const tribunal = (nombre: string) => catalogos.tribunales.find((t) => t.nombre === nombre)?.id;
const tipo = (nombre: string) => catalogos.tiposCausa.find((t) => t.nombre === nombre)?.id;

const pagina = (documento: 'demanda' | 'resolucion', texto: string, extra: Partial<PaginaLeida> = {}): PaginaLeida => ({ documento, pagina: 1, texto, ocr: false, ...extra });
const leer = (...paginas: PaginaLeida[]) => leerDocumentos(paginas, catalogos);

const DEMANDA = `EN LO PRINCIPAL: Demanda ejecutiva y mandamiento de ejecución y embargo; OTROSÍ: Patrocinio y poder.

S.J.L. EN LO CIVIL DE SANTIAGO

JORGE MUÑOZ REYES, abogado, cédula de identidad N° 10.111.222-3, domiciliado en Huérfanos 1160, oficina 1203,
comuna de Santiago, en representación de BANCO DE CHILE, RUT 97.004.000-5, ambos domiciliados en Ahumada 251,
comuna de Santiago, a US. respetuosamente digo:

Que vengo en deducir demanda ejecutiva en contra de don JUAN ANDRÉS PÉREZ SOTO, cédula nacional de identidad
N° 12.345.678-5, empleado, domiciliado en Avenida Los Leones 1234, departamento 501, comuna de Providencia y en
Pasaje Los Aromos 45, comuna de Ñuñoa; y en contra de doña MARÍA JOSÉ NÚÑEZ ROJAS, en su calidad de aval, RUT
9876543-3, domiciliada en Calle Nueva 12, comuna de Puente Alto, en virtud de los antecedentes que expongo:

Mi representada es dueña del pagaré N° 00123456, suscrito con fecha 10 de enero de 2023, por la suma de
$ 1.850.000.-, pagadero en 24 cuotas de $ 95.000.

POR TANTO, ruego a US. ordenar el pago de la suma de $1.850.000.-, más intereses y costas.

Santiago, 3 de marzo de 2025.`;

const RESOLUCION = `PRIMER JUZGADO CIVIL DE SANTIAGO
Rol N° C-1.234-2025
Caratulado: BANCO DE CHILE con PÉREZ SOTO

Santiago, doce de marzo de dos mil veinticinco.

A lo principal: por interpuesta demanda ejecutiva; despáchese mandamiento de ejecución y embargo.`;

describe('text helpers', () => {
  it('reads numbers and years in words and ordinals as figures', () => {
    expect(numeroEnPalabras('doce')).toBe(12);
    expect(numeroEnPalabras('treinta y uno')).toBe(31);
    expect(numeroEnPalabras('veintidós')).toBe(22);
    expect(anioEnPalabras('dos mil veinticinco')).toBe(2025);
    expect(ordinalesANumeros('decimo quinto juzgado civil')).toBe('15 juzgado civil');
    expect(ordinalesANumeros('primer juzgado')).toBe('1 juzgado');
    expect(ordinalesANumeros('1° juzgado')).toBe('1 juzgado');
  });

  it('unifies OCR readings of N° and of figures', () => {
    expect(aplanar('pagaré N* 1.850.0O0', true)).toBe('pagaré N° 1.850.000');
    expect(aplanar('S.J.L. EN LO CIVIL (14?) DE SANTIAGO', true)).toContain('(14°)');
    expect(aplanar('140 Juzgado Civil de Santiago', true)).toBe('14° Juzgado Civil de Santiago');
  });

  it('parses every seeded court of first instance', () => {
    const juzgados = catalogos.tribunales.filter((t) => t.nombre.includes('Juzgado'));
    expect(juzgados.length).toBeGreaterThan(50);
    for (const t of juzgados) expect(claveTribunal(t.nombre), t.nombre).not.toBeNull();
    expect(claveTribunal('1° Juzgado Civil de Santiago')).toEqual({ numero: 1, clase: 'civil', ciudad: 'santiago' });
    expect(claveTribunal('Juzgado de Letras de Colina')).toEqual({ numero: null, clase: 'letras', ciudad: 'colina' });
  });
});

describe('leerDocumentos', () => {
  it('reads a demanda and its resolución', () => {
    const { propuesta, campos, advertencias } = leer(pagina('demanda', DEMANDA), pagina('resolucion', RESOLUCION));
    expect(propuesta).toEqual({
      tribunal: tribunal('1° Juzgado Civil de Santiago'),
      numero_rol: 'C-1234-2025',
      partes: 'BANCO DE CHILE con PÉREZ SOTO',
      fecha_demanda: '2025-03-03',
      fecha_resolucion: '2025-03-12',
      cuantia: 1_850_000,
      numero_operacion: '00123456',
      ejecutados: 'JUAN ANDRÉS PÉREZ SOTO, MARÍA JOSÉ NÚÑEZ ROJAS',
      rut_ejecutado: '12345678-5',
      domicilios: [
        { direccion: 'Avenida Los Leones 1234, departamento 501', comuna: 'Providencia', ciudad: 'Santiago' },
        { direccion: 'Pasaje Los Aromos 45', comuna: 'Ñuñoa', ciudad: 'Santiago' },
        { direccion: 'Calle Nueva 12', comuna: 'Puente Alto', ciudad: 'Puente Alto' },
      ],
      tipo_causa: tipo('Juicio Ejecutivo'),
      parte_demandante: 501,
    });
    expect(advertencias).toEqual([]);
    expect(campos.numero_rol).toMatchObject({ valor: 'C-1234-2025', documento: 'resolucion', pagina: 1, ocr: false });
    expect(campos.numero_rol?.extracto).toContain('Rol N° C-1.234-2025');
    expect(campos.rut_ejecutado?.extracto).toContain('12.345.678-5');
    expect(campos.domicilios?.elementos).toHaveLength(3);
    for (const campo of Object.values(campos)) {
      expect(campo.extracto.length).toBeLessThanOrEqual(200);
      expect(campo.confianza).toBeGreaterThan(0);
      expect(campo.confianza).toBeLessThanOrEqual(1);
    }
  });

  it('never proposes the plaintiff’s or the lawyer’s address', () => {
    const { propuesta } = leer(pagina('demanda', DEMANDA));
    const comunas = propuesta.domicilios?.map((d) => d.direccion).join(' | ') ?? '';
    expect(comunas).not.toMatch(/Huérfanos|Ahumada/);
  });

  it.each([
    ['1° Juzgado Civil de Santiago', '1° Juzgado Civil de Santiago'],
    ['PRIMER JUZGADO CIVIL DE SANTIAGO', '1° Juzgado Civil de Santiago'],
    ['S.J.L. en lo Civil (1°) de Santiago', '1° Juzgado Civil de Santiago'],
    ['DÉCIMO QUINTO JUZGADO CIVIL DE SANTIAGO', '15° Juzgado Civil de Santiago'],
    ['2º Juzgado Civil de San Miguel', '2° Juzgado Civil de San Miguel'],
    ['Juzgado de Letras de Colina', 'Juzgado de Letras de Colina'],
    ['SEGUNDO JUZGADO DE LETRAS DE SAN BERNARDO', '2° Juzgado de Letras de San Bernardo'],
  ])('matches the court %s to the list', (texto, nombre) => {
    expect(leer(pagina('resolucion', `${texto}\nROL: C-12-2024`)).propuesta.tribunal).toBe(tribunal(nombre));
  });

  it.each(['S.J.L. en lo Civil de Santiago', 'Juzgado Civil de Santiago', 'Juzgado de Letras de San Bernardo', '45° Juzgado Civil de Santiago'])(
    'proposes no court for %s (no single entry of the list)',
    (texto) => {
      const { propuesta, campos } = leer(pagina('demanda', `${texto}\n\nQue deduzco demanda en contra de don PEDRO SOTO ROJAS, RUT 12.345.678-5.`));
      expect(propuesta.tribunal).toBeUndefined();
      expect(campos.tribunal).toBeUndefined();
    },
  );

  it.each([
    ['C-1234-2025', 'C-1234-2025'],
    ['Rol N° C-1.234-2025', 'C-1234-2025'],
    ['ROL: V-12-2024', 'V-12-2024'],
    ['causa rol C-5678-2024', 'C-5678-2024'],
    ['rol e-77-2023', 'E-77-2023'],
  ])('reads the rol %s', (texto, rol) => {
    expect(leer(pagina('resolucion', `1° Juzgado Civil de Santiago\n${texto}`)).propuesta.numero_rol).toBe(rol);
  });

  it('reads labour forms of the rol only for a labour court', () => {
    const cobranza = leer(pagina('resolucion', 'Juzgado de Cobranza Laboral y Previsional de Santiago\nRIT: P-4567-2024\nRIT O-12-2024'));
    expect(cobranza.propuesta.numero_rol).toBe('P-4567-2024');
    expect(leer(pagina('resolucion', 'Juzgado de Letras de Colina\nRIT O-12-2024')).propuesta.numero_rol).toBeUndefined();
  });

  it.each([
    ['2° Juzgado de Familia de Santiago', 'RIT C-123-2024', 'C-123-2024'],
    ['Juzgado de Familia de San Miguel', 'RIT: X-1.045-2025', 'X-1045-2025'],
    ['1° Juzgado de Letras del Trabajo de Santiago', 'RIT O-45-2024\nRUC 24-4-0012345-6', 'O-45-2024'],
    ['Juzgado de Letras del Trabajo de San Miguel', 'R.I.T. T-12-2024 RUC: 24-4-0012345-6', 'T-12-2024'],
    ['2° Juzgado de Letras del Trabajo de Santiago', 'RUC 24-4-0012345-6. RIT M-3-2025', 'M-3-2025'],
  ])('reads the Familia and Laboral forms of the rol where the court list has the court (%s, %s)', (tribunalNombre, texto, rol) => {
    const leido = leer(pagina('resolucion', `${tribunalNombre}\n${texto}`));
    expect(leido.propuesta.tribunal).toBe(tribunal(tribunalNombre));
    expect(leido.propuesta.numero_rol).toBe(rol);
    // The numero_rol format of Nuevo Encargo: a letter, digits, four digits.
    expect(leido.propuesta.numero_rol).toMatch(/^[A-Z]-\d+-\d{4}$/);
  });

  it('never takes the RUC (the prosecutor’s number) as the rol nor as a RUT', () => {
    const soloRuc = leer(pagina('resolucion', '1° Juzgado de Letras del Trabajo de Santiago\nRUC 24-4-0012345-6'));
    expect(soloRuc.propuesta.numero_rol).toBeUndefined();
    expect(soloRuc.propuesta.rut_ejecutado).toBeUndefined();
    expect(soloRuc.campos.numero_rol).toBeUndefined();
  });

  it('leaves the labour and family letters unread when the court is not a labour or family one, or is not in the list', () => {
    expect(leer(pagina('resolucion', '1° Juzgado Civil de Santiago\nRIT T-12-2024')).propuesta.numero_rol).toBeUndefined();
    expect(leer(pagina('resolucion', 'Juzgado de Familia de Valparaíso\nRIT X-12-2024')).propuesta.numero_rol).toBeUndefined();
  });

  it('never proposes a RUT whose check digit fails, K in either case', () => {
    const malo = leer(pagina('demanda', 'Demanda en contra de don PEDRO SOTO ROJAS, RUT 12.345.678-9, domiciliado en Calle Uno 1, comuna de Maipú.'));
    expect(malo.propuesta.rut_ejecutado).toBeUndefined();
    expect(malo.propuesta.ejecutados).toBe('PEDRO SOTO ROJAS');
    const conK = leer(pagina('demanda', 'Demanda en contra de doña ANA ROJAS PAZ, cédula de identidad N° 10.000.013-k, domiciliada en Calle Uno 1, comuna de Maipú.'));
    expect(conK.propuesta.rut_ejecutado).toBe('10000013-K');
  });

  it('reads a company with its legal representative', () => {
    const { propuesta } = leer(
      pagina(
        'demanda',
        'Demanda ejecutiva en contra de COMERCIAL LOS ANDES LIMITADA, RUT N° 76.543.210-3, representada legalmente por don PEDRO SOTO ROJAS, cédula de identidad N° 12.345.678-5, ambos domiciliados en Avenida Matta 100, comuna de Santiago. POR TANTO',
      ),
    );
    expect(propuesta.ejecutados).toBe('COMERCIAL LOS ANDES LIMITADA');
    expect(propuesta.rut_ejecutado).toBe('76543210-3');
    expect(propuesta.rut_representante_legal).toBe('12345678-5');
  });

  it('reads the demandado from a summary heading when the body does not say "en contra de"', () => {
    const { propuesta } = leer(
      pagina(
        'demanda',
        'PROCEDIMIENTO: EJECUTIVO\nDEMANDANTE: BANCO DE CHILE\nRUT: 97.004.000-5\n\nDEMANDADO: CAROLINA ROJAS PAZ\nRUT: 12.345.678-5\nDOMICILIO: Avenida Grecia 100, comuna de Ñuñoa\n\nABOGADO PATROCINANTE: JORGE MUÑOZ\nRUT: 10.000.013-K\nDOMICILIO: Huérfanos 1160, comuna de Santiago',
      ),
    );
    expect(propuesta.ejecutados).toBe('CAROLINA ROJAS PAZ');
    expect(propuesta.rut_ejecutado).toBe('12345678-5');
    expect(propuesta.domicilios).toEqual([{ direccion: 'Avenida Grecia 100', comuna: 'Ñuñoa', ciudad: 'Santiago' }]);
  });

  it('leaves an amount in UF as UF with a warning, and converts it with a stored UF value', () => {
    const texto = 'Demanda ejecutiva en contra de don PEDRO SOTO ROJAS, RUT 12.345.678-5. Por la suma de UF 120,5 más intereses.\n\nSantiago, 03/03/2025.';
    const sinValor = leer(pagina('demanda', texto));
    expect(sinValor.propuesta.cuantia).toBeUndefined();
    expect(sinValor.propuesta.cuantia_uf).toBe(120.5);
    expect(sinValor.advertencias).toHaveLength(1);
    expect(sinValor.advertencias[0]).toBe(
      'La cuantía está expresada en UF (120,5) y no hay un valor de la UF registrado para el 03-03-2025: se propone en UF; convierta a pesos antes de guardar.',
    );
    const conValor = leerDocumentos([pagina('demanda', texto)], { ...catalogos, valorUf: (fecha) => (fecha === '2025-03-03' ? 38_500 : null) });
    expect(conValor.propuesta.cuantia).toBe(4_639_250);
    expect(conValor.propuesta.cuantia_uf).toBeUndefined();
    expect(conValor.advertencias).toEqual([]);
  });

  it('reads dates in figures, with the month in words and fully in words, only with their place', () => {
    expect(leer(pagina('demanda', 'Suscrito con fecha 10 de enero de 2023.\n\nEn Santiago, a 03/03/2025.')).propuesta.fecha_demanda).toBe('2025-03-03');
    expect(leer(pagina('resolucion', 'Colina, treinta y uno de enero de dos mil veintiséis.')).propuesta.fecha_resolucion).toBe('2026-01-31');
    expect(leer(pagina('demanda', 'suscrito con fecha 10 de enero de 2023.')).propuesta.fecha_demanda).toBeUndefined();
    expect(leer(pagina('resolucion', 'Santiago, treinta de febrero de dos mil veinticinco.')).propuesta.fecha_resolucion).toBeUndefined();
  });

  it('reads the caratulado written with a slash', () => {
    expect(leer(pagina('resolucion', '3° Juzgado Civil de Santiago\nC-12-2024\nSCOTIABANK CHILE / ROJAS PAZ\n')).propuesta.partes).toBe('SCOTIABANK CHILE con ROJAS PAZ');
  });

  it('reads every demandado of an OCR text whose words and lines came apart', () => {
    const { propuesta } = leer(
      pagina('demanda', 'en contra de doña ANA ROJAS PAZ, C.I. N° 12.345.678-5, domiciliada en Calle Uno 1, comuna de Maipú,\n\nyen contra de don PEDRO SOTO DÍAZ, RUT 9.876.543-3. POR TANTO', { ocr: true }),
    );
    expect(propuesta.ejecutados).toBe('ANA ROJAS PAZ, PEDRO SOTO DÍAZ');
  });

  it('keeps OCR values below 0.9 unless a second check confirms them', () => {
    const ocr = { ocr: true };
    const solo = leer(pagina('resolucion', RESOLUCION, ocr));
    expect(solo.campos.numero_rol?.confianza).toBeLessThan(0.9);
    expect(solo.campos.fecha_resolucion?.confianza).toBeLessThan(0.9);
    // The same rol on a second page confirms it; a RUT is confirmed by its check digit.
    const dos = leer(pagina('resolucion', RESOLUCION, ocr), pagina('resolucion', 'Rol N° C-1234-2025', { ...ocr, pagina: 2 }));
    expect(dos.campos.numero_rol?.confianza).toBeGreaterThanOrEqual(0.9);
    const demanda = leer(pagina('demanda', DEMANDA, ocr));
    expect(demanda.campos.rut_ejecutado?.confianza).toBeGreaterThanOrEqual(0.9);
    expect(demanda.campos.ejecutados?.confianza).toBeLessThan(0.9);
    expect(demanda.campos.domicilios?.confianza).toBeLessThan(0.9);
    // A mention in a page with a text layer confirms it too.
    const mixto = leer(pagina('resolucion', RESOLUCION, ocr), pagina('demanda', 'causa rol C-1234-2025'));
    expect(mixto.campos.numero_rol?.confianza).toBeGreaterThanOrEqual(0.9);
  });

  it('proposes nothing from an empty or unrelated text', () => {
    expect(leer(pagina('demanda', 'Lorem ipsum dolor sit amet.'))).toEqual({ propuesta: {}, campos: {}, advertencias: [] });
  });
});
