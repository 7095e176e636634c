import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The product speaks to its users in "usted". The only texts in "tú" are the ones the specification gives
 * word for word; every other screen text, API message, mail or document text found here in "tú" fails.
 */
const SPEC_LITERALS = new Set([
  'No tienes permisos para acceder a este módulo',
  'No tienes permisos para acceder a este módulo.',
  'No tienes los permisos necesarios para esta función.',
  'No tienes permisos para acceder a este recurso. Contacta al administrador.',
  'Intenta cambiar los filtros de búsqueda',
  'Tiempo de espera agotado. Intenta nuevamente.',
  'Ingresa un número de rol para buscar',
  'Primero debes buscar y seleccionar un encargo original',
  'Primero debes buscar y seleccionar un encargo',
  'Primero debes buscar y seleccionar una diligencia',
  'Debes seleccionar un tipo de estampado',
  'Debes especificar la fecha y hora de la diligencia',
  'Debes escribir los apuntes del receptor en terreno',
  'Si especificas un valor personalizado, debes indicar el motivo en las observaciones',
  'Selecciona al menos un domicilio para generar la ruta',
  'Error de conexión al modificar el encargo. Por favor, intenta nuevamente.',
  'Error al crear el re-encargo. Por favor, intenta nuevamente.',
  'Error al registrar el estudio. Por favor, intenta nuevamente.',
  'Error al guardar los resultados. Por favor, intenta nuevamente.',
  'El tipo de estampado seleccionado no tiene plantilla configurada. Contacta al administrador.',
  'Faltan datos requeridos para generar el estampado. Verifica que todos los campos estén completos.',
  'Error interno del servidor. Intenta nuevamente en unos minutos.',
  'Error al cargar las carpetas. Verifica la configuración multi-tenant.',
]);

const L = '\\p{L}';
const word = (list: string) => `(?<!${L})(?:${list})(?!${L})`;
// Forms that are "tú" wherever they stand (unless reflexive: "se revisa", "se verifica").
const TU_ANYWHERE = new RegExp(
  `(?<!(?:^|[^\\p{L}])se )${word(
    'tu|tus|te|ti|contigo|tuyos?|tuyas?|puedes|tienes|debes|quieres|necesitas|estás|eres|has|sabes|podrás|deberás|' +
      'recibirás|ingresarás|elegiste|ingresaste|escribiste|intenta|inténtalo|intentalo|revisa|ingresa|selecciona|elige|' +
      'escribe|verifica|repite|confirma|adjunta|contacta|recarga|pide|especificas|ábrelo|revísalo|asígnalo|solicítalo|' +
      'cárgalo|descárgalo|guárdalo|corrígelo|envíalo|fírmalo|bórralo|quítalo|quitarte|avisarte|enviarte|contactarte|' +
      'recordarte|informarte|notificarte|invitarte',
  )}`,
  'iu',
);
// Imperatives that are also third-person verbs ("el receptor vuelve"): "tú" when they open a sentence.
const TU_OPENING = new RegExp(
  `(?:^|[.:;!?¿(]\\s+|\\bprimero\\s+|por favor,\\s+)${word(
    'abre|agrega|activa|busca|cambia|carga|completa|crea|descarga|elimina|envía|espera|genera|guarda|indica|marca|' +
      'prepara|gestiona|accede|registra|sube|usa|vuelve|haz|pon|copia|pega|cierra|inicia|define|solicita|anota|' +
      'corrige la|edita|consulta|actualiza|firma el|firma los|imprime|lee|mira|prueba|reintenta|deja|recuerda|sigue',
  )}`,
  'iu',
);

function tuForms(text: string): string[] {
  const found = [TU_ANYWHERE.exec(text)?.[0], TU_OPENING.exec(text)?.[0]];
  return found.filter((m): m is string => m !== undefined).map((m) => m.trim());
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

function listFiles(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(path, keep);
    return keep(path) ? [path] : [];
  });
}

const isSource = (path: string) => /\.tsx?$/.test(path) && !/\.(test|spec)\.tsx?$/.test(path);

/** Text shown to people: string and template pieces with a space (identifiers have none) and JSX text. */
function productTexts(path: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node);
    if (isText && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      // A template piece after a substitution continues a sentence: it does not open one.
      const continues = ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? '… ' : '';
      const text = continues + node.text.replace(/\s+/g, ' ').trim();
      if (text.includes(' ')) texts.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

describe('usted voice', () => {
  it('tells "tú" texts from "usted" texts', () => {
    expect(tuForms('Repite la contraseña')).not.toEqual([]);
    expect(tuForms('Tu cuenta está activa.')).not.toEqual([]);
    expect(tuForms('Solicitud enviada. Te avisaremos cuando el receptor la revise.')).not.toEqual([]);
    expect(tuForms('Hora inválida: usa el formato HH:MM')).not.toEqual([]);
    expect(tuForms('Primero registra los resultados de la diligencia')).not.toEqual([]);
    expect(tuForms('No puedes quitarte el permiso')).not.toEqual([]);
    expect(tuForms('Repita la contraseña')).toEqual([]);
    expect(tuForms('Su cuenta está activa. Ingrese con su correo y la contraseña que eligió.')).toEqual([]);
    expect(tuForms('Hora inválida: use el formato HH:MM')).toEqual([]);
    expect(tuForms('El archivo se revisa en su navegador: no se envía a ningún servidor.')).toEqual([]);
    expect(tuForms('el receptor vuelve a su base anterior y acepta cambios otra vez')).toEqual([]);
    expect(tuForms('Sin permiso de ubicación: la visita se guarda sin coordenadas')).toEqual([]);
  });

  it('screens, contracts, API messages and documents speak in "usted" outside the spec\'s own texts', () => {
    const files = [
      ...listFiles(join(ROOT, 'apps/web/src'), isSource),
      ...listFiles(join(ROOT, 'packages/contracts/src'), isSource),
      ...listFiles(join(ROOT, 'apps/api/src'), (path) => isSource(path) && /messages\.ts$/.test(path)),
      ...listFiles(join(ROOT, 'apps/api/src/documents'), isSource),
    ];
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((path) =>
      productTexts(path)
        .filter(({ text }) => !SPEC_LITERALS.has(text) && tuForms(text).length > 0)
        .map(({ line, text }) => `${relative(ROOT, path)}:${line}: ${text} [${tuForms(text).join(', ')}]`),
    );
    expect(offending).toEqual([]);
  });
});
