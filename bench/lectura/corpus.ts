/**
 * The reading corpus (issue 41 §1): demandas and resoluciones the project writes itself, with the values
 * a person would type from them. Varied banks, courts, styles, one to four demandados, several addresses,
 * amounts in pesos and in UF, dates in figures and in words, RUTs with and without dots (some with a
 * wrong check digit, which must not be proposed), cases with only the demanda (no court, rol or
 * caratulado may be proposed), demandas addressed only to 'S.J.L. en lo Civil de Santiago'.
 * Deterministic: the same seed writes the same documents.
 */
import { comunaOficial, computeRutDv } from '../../packages/contracts/src/index';

export interface DomicilioEsperado {
  direccion: string;
  comuna: string;
  ciudad: string;
}

/** Expected values; a field absent here must stay empty. Ids are given by name (court, type, party). */
export interface Esperado {
  numero_rol?: string;
  tribunal?: string;
  tipo_causa?: string;
  partes?: string;
  parte_demandante?: string;
  ejecutados?: string;
  rut_ejecutado?: string;
  rut_representante_legal?: string;
  cuantia?: number;
  cuantia_uf?: number;
  fecha_demanda?: string;
  fecha_resolucion?: string;
  numero_operacion?: string;
  domicilios?: DomicilioEsperado[];
}

export interface Caso {
  id: string;
  escaneado: boolean;
  estilo: string;
  demanda: string[][];
  resolucion?: string[][];
  esperado: Esperado;
  /** Scan settings for the scanned half. */
  escaneo?: { dpi: number; giro: number; ruido: number; semilla: number };
}

export const CAMPOS_PUNTUADOS = [
  'numero_rol',
  'tribunal',
  'tipo_causa',
  'partes',
  'parte_demandante',
  'ejecutados',
  'rut_ejecutado',
  'rut_representante_legal',
  'cuantia',
  'cuantia_uf',
  'fecha_demanda',
  'fecha_resolucion',
  'numero_operacion',
  'domicilios',
] as const;

function azar(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BANCOS: [string, string][] = [
  ['BANCO DE CHILE', '97004000'],
  ['BANCO SANTANDER-CHILE', '97036000'],
  ['BANCO DEL ESTADO DE CHILE', '97030000'],
  ['SCOTIABANK CHILE', '97018000'],
  ['BANCO DE CRÉDITO E INVERSIONES', '97006000'],
  ['BANCO ITAÚ CHILE', '97023000'],
  ['BANCO SECURITY', '97053000'],
  ['BANCO FALABELLA', '96509660'],
  ['BANCO RIPLEY', '97947000'],
  ['COOPERATIVA DE AHORRO Y CRÉDITO COOPEUCH', '82878900'],
  ['TANNER SERVICIOS FINANCIEROS S.A.', '96667560'],
  ['FORUM SERVICIOS FINANCIEROS S.A.', '96678790'],
];

/** The firm's parties the bench gives the reader (the plaintiffs, plus one that is a prefix of another). */
export const PARTES_ESTUDIO = [...BANCOS.map(([nombre]) => nombre), 'BANCO', 'AFP PROVIDA S.A.', 'AFP HABITAT S.A.'];

const NOMBRES = ['JUAN ANDRÉS', 'MARÍA JOSÉ', 'PEDRO PABLO', 'CAROLINA', 'LUIS ALBERTO', 'FRANCISCA', 'JOSÉ MIGUEL', 'CAMILA', 'RODRIGO', 'VALENTINA', 'SEBASTIÁN', 'PATRICIA', 'ÁLVARO', 'XIMENA', 'CRISTIÁN', 'MARCELA', 'IGNACIO', 'SOLEDAD'];
const APELLIDOS = ['PÉREZ', 'SOTO', 'MUÑOZ', 'GONZÁLEZ', 'ROJAS', 'DÍAZ', 'CONTRERAS', 'SILVA', 'MARTÍNEZ', 'SEPÚLVEDA', 'MORALES', 'RODRÍGUEZ', 'FUENTES', 'ARAYA', 'ESPINOZA', 'CASTILLO', 'TAPIA', 'REYES', 'NÚÑEZ', 'VALENZUELA', 'CARRASCO', 'ÑANCO'];
const EMPRESAS = ['COMERCIAL LOS ANDES LIMITADA', 'INVERSIONES SANTA ROSA SpA', 'CONSTRUCTORA EL ROBLE S.A.', 'TRANSPORTES DEL SUR LIMITADA', 'SERVICIOS INTEGRALES NORTE SpA', 'INMOBILIARIA LAS ACACIAS S.A.'];
const CALLES = ['Avenida Los Leones', 'Pasaje Los Aromos', 'Calle Nueva', 'Avenida Vicuña Mackenna', 'Los Carrera', 'Avenida Grecia', 'Pasaje El Sauce', 'Avenida Irarrázaval', 'Calle San Martín', 'Camino Lo Boza', 'Avenida Concha y Toro', 'Calle Portales', 'Avenida Pajaritos', 'Pasaje Doce', 'Avenida Matta'];
const COMUNAS = ['Providencia', 'Ñuñoa', 'Maipú', 'La Florida', 'Puente Alto', 'Las Condes', 'San Bernardo', 'Peñalolén', 'Colina', 'Estación Central', 'Quilicura', 'La Reina', 'Recoleta', 'Independencia', 'San Miguel', 'Buin', 'Talagante', 'Melipilla', 'Lo Barnechea', 'Viña del Mar', 'Rancagua', 'Padre Hurtado'];
const ABOGADOS = ['JORGE ALBERTO MUÑOZ REYES', 'CLAUDIA ANDREA VERGARA LAGOS', 'MATÍAS IGNACIO ORTIZ PAREDES', 'FERNANDA PAZ ALARCÓN RÍOS'];
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const DIAS_PALABRA = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho'];
const ANIOS_PALABRA: Record<number, string> = { 2023: 'dos mil veintitrés', 2024: 'dos mil veinticuatro', 2025: 'dos mil veinticinco', 2026: 'dos mil veintiséis' };
const ORDINAL_PALABRA = ['', 'PRIMER', 'SEGUNDO', 'TERCER', 'CUARTO', 'QUINTO', 'SEXTO', 'SÉPTIMO', 'OCTAVO', 'NOVENO', 'DÉCIMO', 'UNDÉCIMO', 'DUODÉCIMO', 'DÉCIMO TERCER', 'DÉCIMO CUARTO', 'DÉCIMO QUINTO', 'DÉCIMO SEXTO', 'DÉCIMO SÉPTIMO', 'DÉCIMO OCTAVO', 'DÉCIMO NOVENO', 'VIGÉSIMO', 'VIGÉSIMO PRIMER', 'VIGÉSIMO SEGUNDO', 'VIGÉSIMO TERCER', 'VIGÉSIMO CUARTO', 'VIGÉSIMO QUINTO', 'VIGÉSIMO SEXTO', 'VIGÉSIMO SÉPTIMO', 'VIGÉSIMO OCTAVO', 'VIGÉSIMO NOVENO', 'TRIGÉSIMO'];

interface Tribunal {
  nombre: string;
  ciudad: string;
  numero: number | null;
  clase: 'civil' | 'letras' | 'cobranza';
}

const TRIBUNALES: Tribunal[] = [
  ...Array.from({ length: 30 }, (_, i) => ({ nombre: `${i + 1}° Juzgado Civil de Santiago`, ciudad: 'Santiago', numero: i + 1, clase: 'civil' as const })),
  ...[1, 2, 3, 4].map((n) => ({ nombre: `${n}° Juzgado Civil de San Miguel`, ciudad: 'San Miguel', numero: n, clase: 'civil' as const })),
  ...[1, 2].map((n) => ({ nombre: `${n}° Juzgado Civil de Puente Alto`, ciudad: 'Puente Alto', numero: n, clase: 'civil' as const })),
  ...[1, 2].map((n) => ({ nombre: `${n}° Juzgado de Letras de San Bernardo`, ciudad: 'San Bernardo', numero: n, clase: 'letras' as const })),
  ...['Colina', 'Buin', 'Talagante', 'Melipilla'].map((c) => ({ nombre: `Juzgado de Letras de ${c}`, ciudad: c, numero: null, clase: 'letras' as const })),
];
const COBRANZA: Tribunal = { nombre: 'Juzgado de Cobranza Laboral y Previsional de Santiago', ciudad: 'Santiago', numero: null, clase: 'cobranza' };

function rutCon(cuerpo: number, conPuntos: boolean, dvMalo = false): { texto: string; valor: string } {
  let dv = computeRutDv(cuerpo);
  if (dvMalo) dv = dv === '9' ? '2' : dv === 'K' ? '3' : String((Number(dv) + 3) % 10);
  const digitos = String(cuerpo);
  const conDots = digitos.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return { texto: `${conPuntos ? conDots : digitos}-${dv}`, valor: `${digitos}-${dv}` };
}

function miles(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function ciudadDe(comuna: string): string {
  const oficial = comunaOficial(comuna);
  return oficial?.provincia === 'Santiago' ? 'Santiago' : (oficial?.nombre ?? comuna);
}

function fechaEscrita(iso: string, estilo: number): string {
  const [anio, mes, dia] = iso.split('-').map(Number) as [number, number, number];
  if (estilo === 0) return `${String(dia).padStart(2, '0')}/${String(mes).padStart(2, '0')}/${anio}`;
  if (estilo === 1) return `${dia} de ${MESES[mes - 1]} de ${anio}`;
  return `${DIAS_PALABRA[dia]} de ${MESES[mes - 1]} de ${ANIOS_PALABRA[anio]}`;
}

function tribunalEscrito(t: Tribunal, estilo: number): string {
  if (t.clase === 'cobranza') return estilo % 2 === 0 ? t.nombre : t.nombre.toUpperCase();
  if (t.numero === null) return estilo % 2 === 0 ? t.nombre : t.nombre.toUpperCase();
  const resto = t.nombre.replace(/^\d+° /, '');
  if (estilo === 0) return t.nombre;
  if (estilo === 1) return `${ORDINAL_PALABRA[t.numero]} ${resto.toUpperCase()}`;
  if (estilo === 2) return `${t.numero}º ${resto}`;
  return t.nombre.toUpperCase();
}

interface Persona {
  nombre: string;
  rut: { texto: string; valor: string };
  empresa: boolean;
  representante?: { nombre: string; rut: { texto: string; valor: string } };
  domicilios: DomicilioEsperado[];
  calidad?: string;
}

/** The corpus: `cantidad` cases, every second one scanned. */
export function generarCorpus(cantidad = 44, semilla = 41): Caso[] {
  const r = azar(semilla);
  const elegir = <T>(lista: readonly T[]): T => lista[Math.floor(r() * lista.length)] as T;
  const entre = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const casos: Caso[] = [];
  for (let n = 0; n < cantidad; n += 1) {
    const escaneado = n % 2 === 1;
    const variante = Math.floor(n / 2);
    const [banco, rutBanco] = BANCOS[variante % BANCOS.length] as [string, string];
    const previsional = variante % 11 === 7;
    const soloDemanda = variante % 9 === 4;
    const sinNumero = variante % 9 === 8;
    const tribunal = previsional ? COBRANZA : (TRIBUNALES[(variante * 7 + n) % TRIBUNALES.length] as Tribunal);
    const demandante = previsional ? (variante % 2 === 0 ? 'AFP PROVIDA S.A.' : 'AFP HABITAT S.A.') : banco;
    const rutDemandante = previsional ? '98000400' : rutBanco;
    const anio = entre(2023, 2026);
    const mes = entre(1, 12);
    const dia = entre(1, 25);
    const fechaDemanda = `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
    const diaRes = dia + entre(1, 3);
    const fechaResolucion = `${anio}-${String(mes).padStart(2, '0')}-${String(diaRes).padStart(2, '0')}`;
    const letra = previsional ? 'P' : elegir(['C', 'C', 'C', 'C', 'V', 'E']);
    const numeroRol = entre(12, 28999);
    const rol = `${letra}-${numeroRol}-${anio}`;
    const rolEscrito = [`${letra}-${numeroRol}-${anio}`, `Rol N° ${letra}-${miles(numeroRol)}-${anio}`, `ROL: ${letra}-${numeroRol}-${anio}`, `causa rol ${letra}-${numeroRol}-${anio}`][variante % 4] as string;
    const enUf = !previsional && variante % 6 === 3;
    const cuantia = entre(3, 900) * 10_000 + entre(0, 9) * 1000;
    const uf = entre(40, 900) + (r() < 0.5 ? 0.5 : 0);
    const operacion = variante % 5 === 2 ? null : String(entre(10_000_000, 999_999_999));
    const operacionEscrita = operacion ? (variante % 2 === 0 ? `pagaré N° ${operacion}` : `operación N° ${operacion}`) : null;
    const dvMalo = variante % 10 === 6;

    // Demandados: a company first (then its representative), or people; 1 to 4.
    const cuantos = 1 + (variante % 4);
    const personas: Persona[] = [];
    const conPuntos = r() < 0.6;
    const empresaPrimero = !previsional && variante % 3 === 1;
    for (let i = 0; i < cuantos; i += 1) {
      const domicilios: DomicilioEsperado[] = [];
      const cuantosDom = i === 0 ? 1 + (variante % 2) + (variante % 5 === 0 ? 1 : 0) : 1;
      for (let d = 0; d < cuantosDom; d += 1) {
        const comuna = elegir(COMUNAS);
        const calle = elegir(CALLES);
        const numero = entre(10, 9800);
        const extra = r() < 0.35 ? `, departamento ${entre(11, 1904)}` : r() < 0.2 ? `, casa ${entre(1, 40)}` : '';
        domicilios.push({ direccion: `${calle} ${numero}${extra}`, comuna, ciudad: ciudadDe(comuna) });
      }
      if (i === 0 && (empresaPrimero || previsional)) {
        personas.push({
          nombre: previsional ? EMPRESAS[variante % EMPRESAS.length] as string : elegir(EMPRESAS),
          rut: rutCon(entre(76_000_000, 77_999_999), conPuntos, i === 0 && dvMalo),
          empresa: true,
          representante: { nombre: `${elegir(NOMBRES)} ${elegir(APELLIDOS)} ${elegir(APELLIDOS)}`, rut: rutCon(entre(6_000_000, 19_999_999), conPuntos) },
          domicilios,
        });
      } else {
        personas.push({
          nombre: `${elegir(NOMBRES)} ${elegir(APELLIDOS)} ${elegir(APELLIDOS)}`,
          rut: rutCon(entre(5_000_000, 24_999_999), conPuntos, i === 0 && dvMalo),
          empresa: false,
          domicilios,
          ...(i > 0 ? { calidad: elegir(['aval y codeudor solidario', 'fiador y codeudor solidario', 'avalista']) } : {}),
        });
      }
    }
    // Title case names in some documents.
    const titulo = variante % 7 === 5;
    const nombreEscrito = (s: string) =>
      titulo ? s.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase()).replace(/\bSpa\b/, 'SpA').replace(/S\.a\./, 'S.A.') : s;

    const abogado = elegir(ABOGADOS);
    const comunaAbogado = elegir(['Santiago', 'Providencia', 'Las Condes']);
    const destinatario = sinNumero || soloDemanda ? 'S.J.L. EN LO CIVIL DE SANTIAGO' : variante % 3 === 0 ? `S.J.L. EN LO CIVIL (${tribunal.numero ?? 1}°) DE ${tribunal.ciudad.toUpperCase()}` : 'S.J.L. EN LO CIVIL DE SANTIAGO';
    const usaDestinatarioNumerado = !(sinNumero || soloDemanda) && variante % 3 === 0 && tribunal.clase === 'civil';
    const destinatarioFinal = previsional ? 'S.J.L. DE COBRANZA LABORAL Y PREVISIONAL DE SANTIAGO' : usaDestinatarioNumerado ? destinatario : 'S.J.L. EN LO CIVIL DE SANTIAGO';

    const tipo = previsional
      ? 'Cobranza Laboral y Previsional'
      : variante % 8 === 5
        ? 'Gestión Preparatoria de la Vía Ejecutiva'
        : variante % 8 === 6
          ? 'Juicio Ordinario'
          : 'Juicio Ejecutivo';
    const principal = previsional
      ? 'EN LO PRINCIPAL: Demanda ejecutiva de cobro de cotizaciones previsionales; PRIMER OTROSÍ: Acompaña documentos; SEGUNDO OTROSÍ: Patrocinio y poder.'
      : tipo === 'Gestión Preparatoria de la Vía Ejecutiva'
        ? 'EN LO PRINCIPAL: Gestión preparatoria de la vía ejecutiva, notificación de cobro de pagaré; OTROSÍ: Acompaña documento.'
        : tipo === 'Juicio Ordinario'
          ? 'EN LO PRINCIPAL: Demanda en juicio ordinario de cobro de pesos; PRIMER OTROSÍ: Acompaña documentos; SEGUNDO OTROSÍ: Patrocinio y poder.'
          : 'EN LO PRINCIPAL: Demanda ejecutiva y mandamiento de ejecución y embargo; PRIMER OTROSÍ: Señala bienes para la traba del embargo; SEGUNDO OTROSÍ: Acompaña documentos; TERCER OTROSÍ: Patrocinio y poder.';

    const montoEscrito = enUf ? (variante % 2 === 0 ? `UF ${String(uf).replace('.', ',')}` : `${String(uf).replace('.', ',')} Unidades de Fomento`) : variante % 2 === 0 ? `$ ${miles(cuantia)}` : `$${miles(cuantia)}.-`;

    const bloqueDemandados = personas
      .map((p, i) => {
        const trato = p.empresa ? '' : p.nombre.startsWith('MARÍA') || ['CAROLINA', 'FRANCISCA', 'CAMILA', 'VALENTINA', 'PATRICIA', 'XIMENA', 'MARCELA', 'SOLEDAD'].includes(p.nombre.split(' ')[0] as string) ? 'doña ' : 'don ';
        const rutTexto = p.empresa ? `RUT N° ${p.rut.texto}` : elegir([`cédula nacional de identidad N° ${p.rut.texto}`, `RUT ${p.rut.texto}`, `C.I. N° ${p.rut.texto}`]);
        const domicilios = p.domicilios.map((d, k) => `${k === 0 ? '' : elegir([' y en ', ' y/o en ', ' y también en '])}${d.direccion}, comuna de ${d.comuna}`).join('');
        const calidad = p.calidad ? `, en su calidad de ${p.calidad}` : '';
        const intro = i === 0 ? 'en contra de ' : elegir([', y en contra de ', '; y en contra de ', ', y de ']);
        if (p.empresa && p.representante) {
          return `${intro}${nombreEscrito(p.nombre)}, ${rutTexto}, del giro de su denominación, representada legalmente por don ${nombreEscrito(p.representante.nombre)}, cédula de identidad N° ${p.representante.rut.texto}, ambos domiciliados en ${domicilios}`;
        }
        return `${intro}${trato}${nombreEscrito(p.nombre)}${calidad}, ${rutTexto}, ${elegir(['empleado', 'comerciante', 'ignoro profesión u oficio', 'profesora', 'técnico'])}, domiciliad${trato === 'doña ' ? 'a' : 'o'} en ${domicilios}`;
      })
      .join('');

    const verbo = previsional ? 'vengo en deducir demanda ejecutiva de cobro de cotizaciones previsionales' : tipo === 'Juicio Ordinario' ? 'vengo en deducir demanda en juicio ordinario de cobro de pesos' : tipo.startsWith('Gestión') ? 'vengo en solicitar la notificación judicial de cobro de pagaré como gestión preparatoria' : 'vengo en deducir demanda ejecutiva';
    const distractorFecha = `${entre(1, 28)} de ${elegir(MESES)} de ${anio - 1}`;

    const pagina1: string[] = [];
    const pagina2: string[] = [];
    if (variante % 4 === 1) {
      pagina1.push(
        `PROCEDIMIENTO: ${previsional ? 'EJECUTIVO PREVISIONAL' : tipo === 'Juicio Ordinario' ? 'ORDINARIO' : 'EJECUTIVO'}`,
        `DEMANDANTE: ${demandante}`,
        `RUT: ${rutCon(Number(rutDemandante), true).texto}`,
        `ABOGADO PATROCINANTE: ${abogado}`,
        `RUT: ${rutCon(entre(8_000_000, 18_000_000), true).texto}`,
        `DEMANDADO${personas.length > 1 ? 'S' : ''}: ${personas.map((p) => nombreEscrito(p.nombre)).join(' Y ')}`,
        '',
      );
    }
    pagina1.push(principal, '', destinatarioFinal, '');
    pagina1.push(
      `${abogado}, abogado, cédula de identidad N° ${rutCon(entre(8_000_000, 18_000_000), conPuntos).texto}, domiciliado en ${elegir(['Huérfanos 1160, oficina 1203', 'Avenida Apoquindo 3000, piso 12', 'Agustinas 1022, oficina 405'])}, comuna de ${comunaAbogado}, en representación convencional de ${demandante}, RUT ${rutCon(Number(rutDemandante), true).texto}, del giro de su denominación, ambos domiciliados en ${elegir(['Ahumada 251', 'Bandera 140', 'Avenida Andrés Bello 2687'])}, comuna de ${elegir(['Santiago', 'Las Condes'])}, a US. respetuosamente digo:`,
      '',
      `Que, en la representación que invisto, ${verbo} ${bloqueDemandados}, en virtud de los antecedentes de hecho y de derecho que a continuación expongo:`,
      '',
    );
    const hechos = previsional
      ? `Mi representada es acreedora de cotizaciones previsionales impagas por la suma de ${montoEscrito}, según resolución N° ${entre(100, 9999)} de fecha ${distractorFecha}, correspondientes a ${entre(2, 20)} trabajadores.`
      : `Mi representada es dueña y legítima tenedora del ${operacionEscrita ?? `pagaré suscrito en favor de ${demandante}`}, suscrito con fecha ${distractorFecha}, por la suma de ${montoEscrito}, pagadero en ${entre(12, 60)} cuotas mensuales de $ ${miles(entre(20, 300) * 1000)} cada una. La deudora dejó de pagar la cuota con vencimiento el ${entre(1, 28)} de ${elegir(MESES)} de ${anio - 1}, haciéndose exigible el total de la obligación.`;
    pagina1.push(hechos, '');
    pagina2.push(
      `El título es ejecutivo, la obligación es líquida, actualmente exigible y la acción no está prescrita.`,
      '',
      `POR TANTO, ruego a US.: tener por interpuesta la demanda, acogerla y ordenar el pago de la suma de ${montoEscrito}, más intereses y costas.`,
      '',
      variante % 3 === 1 ? `En Santiago, a ${fechaEscrita(fechaDemanda, 1)}.` : `Santiago, ${fechaEscrita(fechaDemanda, variante % 3)}.`,
      '',
      abogado,
      'Abogado',
    );

    const esperado: Esperado = {
      tipo_causa: tipo,
      parte_demandante: demandante,
      ejecutados: personas.map((p) => nombreEscrito(p.nombre)).join(', '),
      fecha_demanda: fechaDemanda,
      domicilios: personas.flatMap((p) => p.domicilios),
      ...(enUf ? { cuantia_uf: uf } : { cuantia }),
      ...(operacion && !previsional ? { numero_operacion: operacion } : {}),
      ...(!dvMalo ? { rut_ejecutado: (personas[0] as Persona).rut.valor } : {}),
      ...((personas[0] as Persona).empresa && (personas[0] as Persona).representante ? { rut_representante_legal: (personas[0] as Persona).representante?.rut.valor } : {}),
    };
    // Dedupe addresses as the reader does (a company and its representative share one).
    const vistos = new Set<string>();
    esperado.domicilios = (esperado.domicilios ?? []).filter((d) => {
      const k = `${d.direccion}|${d.comuna}`;
      if (vistos.has(k)) return false;
      vistos.add(k);
      return true;
    });

    let resolucion: string[][] | undefined;
    const apellido = (p: Persona) => (p.empresa ? nombreEscrito(p.nombre) : nombreEscrito(p.nombre.split(' ').slice(-2).join(' ')));
    if (!soloDemanda) {
      const primero = personas[0] as Persona;
      const carat = variante % 2 === 0 ? `Caratulado: ${demandante} con ${apellido(primero)}` : `${demandante} / ${apellido(primero)}`;
      esperado.partes = `${demandante} con ${apellido(primero)}`;
      esperado.numero_rol = rol;
      esperado.fecha_resolucion = fechaResolucion;
      const cabecera = sinNumero ? [] : [tribunalEscrito(tribunal, variante % 4)];
      if (!sinNumero) esperado.tribunal = tribunal.nombre;
      const lugar = tribunal.ciudad === 'San Bernardo' || tribunal.ciudad === 'Colina' || tribunal.ciudad === 'Buin' || tribunal.ciudad === 'Talagante' || tribunal.ciudad === 'Melipilla' || tribunal.ciudad === 'Puente Alto' || tribunal.ciudad === 'San Miguel' ? tribunal.ciudad : 'Santiago';
      const cuerpo = tipo === 'Juicio Ejecutivo' || previsional
        ? 'A lo principal: por interpuesta demanda ejecutiva; despáchese mandamiento de ejecución y embargo. Al primer otrosí: téngase presente los bienes señalados. Al segundo otrosí: por acompañados, con citación, custódiense. Al tercer otrosí: téngase presente.'
        : tipo === 'Juicio Ordinario'
          ? 'A lo principal: por interpuesta la demanda, traslado. Al primer otrosí: por acompañados, con citación. Al segundo otrosí: téngase presente.'
          : 'A lo principal: como se pide, cítese a la parte deudora a reconocer firma. Al otrosí: por acompañado, custódiese.';
      resolucion = [
        [
          ...cabecera,
          variante % 4 === 2 ? `Rol N° ${letra}-${miles(numeroRol)}-${anio}` : rolEscrito,
          carat,
          '',
          `${lugar}, ${fechaEscrita(fechaResolucion, (variante + 1) % 3)}.`,
          '',
          cuerpo,
          '',
          `Proveyó don ${elegir(['MAURICIO', 'ANDREA', 'GONZALO'])} ${elegir(APELLIDOS)}, Juez Titular.`,
          '',
          `En ${lugar}, a ${fechaEscrita(fechaResolucion, 1)}, se notificó por el estado diario la resolución precedente.`,
        ],
      ];
    }

    casos.push({
      id: `caso-${String(n + 1).padStart(2, '0')}`,
      escaneado,
      estilo: [previsional ? 'previsional' : tipo, soloDemanda ? 'solo demanda' : '', sinNumero ? 'sin tribunal numerado' : '', enUf ? 'UF' : '', dvMalo ? 'RUT con dígito malo' : '', titulo ? 'nombres en minúsculas' : ''].filter(Boolean).join(', '),
      demanda: [pagina1, pagina2],
      ...(resolucion ? { resolucion } : {}),
      esperado,
      ...(escaneado ? { escaneo: { dpi: [200, 250, 300][variante % 3] as number, giro: [-1.8, 1.2, 2.5, -0.6][variante % 4] as number, ruido: 0.4 + (variante % 3) * 0.25, semilla: 1000 + n } } : {}),
    });
  }
  return casos;
}
