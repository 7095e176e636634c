import { z } from 'zod';

/**
 * What the receiver did with the copies at an art. 44 (or cédula) notification: handed to an adult of the
 * dwelling, left with the conserje, fixed at the door, or another way described. Recorded on the visit and
 * on the diligence; the certificate's <<entrega_copias>> says it.
 */
export const MODOS_ENTREGA_COPIAS = ['persona_adulta', 'conserje', 'puerta', 'otro'] as const;
export type ModoEntregaCopias = (typeof MODOS_ENTREGA_COPIAS)[number];

export const MODO_ENTREGA_COPIAS_LABELS: Record<ModoEntregaCopias, string> = {
  persona_adulta: 'Entregadas a persona adulta',
  conserje: 'Dejadas con el conserje',
  puerta: 'Fijadas en la puerta',
  otro: 'Otro',
};

export const ENTREGA_NOMBRE_MAX = 150;
export const ENTREGA_RELACION_MAX = 60;
export const ENTREGA_DETALLE_MAX = 300;

export const entregaCopiasMessages = {
  titulo: 'Entrega de las copias',
  modoInvalido: 'Indique qué se hizo con las copias: entregadas a persona adulta, dejadas con el conserje, fijadas en la puerta u otro',
  detalleRequerido: 'Describa qué se hizo con las copias',
  nombre: 'Nombre de quien las recibió',
  relacion: 'Relación con la persona buscada',
  detalle: 'Detalle (ej.: en el buzón del domicilio)',
  textoLargo: (max: number) => `Máximo ${max} caracteres`,
  invalida: 'La entrega de las copias debe indicar su modo',
} as const;
const m = entregaCopiasMessages;

const opcional = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? undefined : value),
    z
      .string({ error: m.textoLargo(max) })
      .max(max, { error: m.textoLargo(max) })
      .refine((value) => !value.includes('\u0000'), { error: m.textoLargo(max) })
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .optional(),
  );

/** `{modo, nombre?, relacion?, detalle?}`: blank texts are dropped; 'otro' needs its detalle. */
export const EntregaCopiasSchema = z
  .object(
    {
      modo: z.enum(MODOS_ENTREGA_COPIAS, { error: m.modoInvalido }),
      nombre: opcional(ENTREGA_NOMBRE_MAX),
      relacion: opcional(ENTREGA_RELACION_MAX),
      detalle: opcional(ENTREGA_DETALLE_MAX),
    },
    { error: m.invalida },
  )
  .transform((value) => {
    const out: EntregaCopias = { modo: value.modo };
    if (value.nombre) out.nombre = value.nombre;
    if (value.relacion) out.relacion = value.relacion;
    if (value.detalle) out.detalle = value.detalle;
    return out;
  })
  .refine((value) => value.modo !== 'otro' || value.detalle !== undefined, { error: m.detalleRequerido, path: ['detalle'] });

/** The copies as stored and answered. */
export interface EntregaCopias {
  modo: ModoEntregaCopias;
  nombre?: string;
  relacion?: string;
  detalle?: string;
}

export const EntregaCopiasRespuestaSchema = z.object({
  modo: z.enum(MODOS_ENTREGA_COPIAS),
  nombre: z.string().optional(),
  relacion: z.string().optional(),
  detalle: z.string().optional(),
});

/** A stored value (JSON) read back as EntregaCopias, or null when it is not one. */
export function leerEntregaCopias(value: unknown): EntregaCopias | null {
  const parsed = EntregaCopiasRespuestaSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// The informant's gender: the relation agrees with it ("Rosa Muñoz, vecina del sector").

export const GENEROS = ['femenino', 'masculino'] as const;
export type Genero = (typeof GENEROS)[number];

const sinTildes = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Feminine first names that do not end in -a, and masculine ones that do. */
const FEMENINOS = new Set(
  'isabel carmen raquel ines pilar beatriz mercedes dolores soledad luz rocio consuelo belen ruth rut abigail noemi yasmin jazmin miriam esther ester lourdes nicole michelle denisse ivonne jacqueline marisol maribel elizabeth flor rosario ines ximena loreto macarena paz trinidad monserrat montserrat edith judith karen evelyn nataly natalie jeannette yanet janet carol ingrid gladys margot iris sol amparo violet scarlet nayeli'.split(' '),
);
const MASCULINOS = new Set('luca nicola josua joshua borja jeremias elias matias tobias isaias bautista'.split(' '));

/**
 * The gender given, else inferred from the name: a treatment (doña, sra., don, sr.) or the first name
 * (-a feminine, with the usual exceptions); the generic masculine of legal drafting otherwise.
 */
export function generoInformante(nombre: string | null | undefined, dado?: Genero | null): Genero {
  if (dado) return dado;
  const palabras = sinTildes(nombre ?? '')
    .replace(/[^a-zñ .]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const [primera] = palabras;
  if (!primera) return 'masculino';
  if (/^(dona|sra\.?|senora|srta\.?|senorita)$/.test(primera)) return 'femenino';
  if (/^(don|sr\.?|senor)$/.test(primera)) return 'masculino';
  const nombrePila = primera.replace(/\.$/, '');
  if (MASCULINOS.has(nombrePila)) return 'masculino';
  if (FEMENINOS.has(nombrePila) || nombrePila.endsWith('a')) return 'femenino';
  return 'masculino';
}

/** The relation as the results form and the certificate's informant write it, agreeing with the gender. */
const RELACION_CORTA: Record<string, [string, string]> = {
  conserje: ['conserje', 'conserje'],
  vecino: ['vecino', 'vecina'],
  familiar: ['familiar', 'familiar'],
  empleado: ['empleado', 'empleada'],
  el_mismo: ['el mismo', 'la misma'],
  otro: ['', ''],
};

/** 'vecino' + femenino → 'vecina'; 'el_mismo' → 'el mismo' / 'la misma'; 'otro' → ''. */
export function relacionInformanteTexto(relacion: string | null | undefined, genero: Genero): string {
  const formas = relacion ? RELACION_CORTA[relacion] : undefined;
  if (!formas) return '';
  return genero === 'femenino' ? formas[1] : formas[0];
}

const RELACION_CERTIFICADO: Record<string, [string, string]> = {
  conserje: ['conserje', 'conserje'],
  vecino: ['vecino del sector', 'vecina del sector'],
  familiar: ['familiar de la persona buscada', 'familiar de la persona buscada'],
  empleado: ['empleado del lugar', 'empleada del lugar'],
  el_mismo: ['la persona buscada', 'la persona buscada'],
  otro: ['', ''],
};

/** The relation as a certificate writes it after the name: 'vecina del sector', 'empleado del lugar'. */
export function relacionCertificadoTexto(relacion: string | null | undefined, genero: Genero): string {
  const formas = relacion ? RELACION_CERTIFICADO[relacion] : undefined;
  if (!formas) return '';
  return genero === 'femenino' ? formas[1] : formas[0];
}

// ---------------------------------------------------------------------------------------------
// The certificate's sentence

const COPIAS = 'las copias íntegras de las resoluciones';

/**
 * <<entrega_copias>>: what was done with the copies, as a clause of the notification's sentence
 * ("…conforme al artículo 44 del Código de Procedimiento Civil, <<entrega_copias>>.").
 */
export function entregaCopiasOracion(e: EntregaCopias): string {
  const detalle = e.detalle ? `, ${e.detalle}` : '';
  switch (e.modo) {
    case 'persona_adulta': {
      const quien = e.nombre ? `${e.nombre}${e.relacion ? `, ${e.relacion}` : ''}, persona adulta del domicilio` : `una persona adulta del domicilio${e.relacion ? `, ${e.relacion}` : ''}`;
      return `entregando ${COPIAS} a ${quien}${detalle}`;
    }
    case 'conserje': {
      const articulo = e.nombre && generoInformante(e.nombre) === 'femenino' ? 'de la' : 'del';
      return `dejando ${COPIAS} en poder ${articulo} conserje del edificio${e.nombre ? `, ${e.nombre}` : ''}${detalle}`;
    }
    case 'puerta':
      return `fijando ${COPIAS} en la puerta del domicilio${detalle}`;
    case 'otro':
      return `dejando ${COPIAS} ${e.detalle ?? ''}`.trim();
  }
}
