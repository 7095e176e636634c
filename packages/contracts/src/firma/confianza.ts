import { z } from 'zod';
import { boundedString, hasVisibleCharacter } from '../common/text';

/*
 * Certificates fit for signing and their revocation (issue 39 §2):
 *   GET  /firma/autoridades/      platform admin → AutoridadesResponse (CA certificates added to the chain)
 *   POST /firma/autoridades/      platform admin, AutoridadCreate (PEM or base64 DER) → Autoridad (201)
 *   GET  /firma/configuracion/    module estampar → FirmaConfiguracion
 *   PUT  /firma/configuracion/    the receiver (cargo receptor or the permissions module) → FirmaConfiguracion
 */

export const confianzaMessages = {
  // Fitness of the certificate for signing (upload refusals name the reason)
  usoClaveSinNoRepudio:
    'El certificado no sirve para firmar (uso de clave): su keyUsage no incluye "no repudio" (nonRepudiation / contentCommitment); los validadores rechazan esa firma',
  usoClaveAusente:
    'El certificado no sirve para firmar (uso de clave): no declara su uso de clave (keyUsage con firma digital y no repudio)',
  usoClaveCa: 'El certificado no sirve para firmar (uso de clave): es el certificado de una autoridad certificadora, no el de una persona',
  tamanoClave: (bits: number) =>
    `El certificado no sirve para firmar (tamaño de clave): su clave RSA tiene ${bits} bits y se exigen al menos 2048`,
  tipoClave: (tipo: string) =>
    `El certificado no sirve para firmar (tipo de clave): su clave es ${tipo}; se aceptan RSA de 2048 bits o más y EC P-256 o P-384`,
  // Revocation
  revocado: (razon: string, fecha: string) => `El certificado está revocado (${razon}) desde el ${fecha}: no se puede firmar con él`,
  revocacionNoVerificada: (motivo: string) =>
    `No se pudo verificar si el certificado está revocado (${motivo}) y la configuración de firma exige verificarlo`,
  sinFuenteRevocacion: 'el certificado no indica dónde consultar su revocación (OCSP ni CRL)',
  sinEmisor: 'no se encontró el certificado de su emisor: el administrador de la plataforma puede agregarlo en Autoridades certificadoras',
  ocspNoResponde: (url: string, motivo: string) => `OCSP ${url}: ${motivo}`,
  crlNoResponde: (url: string, motivo: string) => `CRL ${url}: ${motivo}`,
  sinRespuesta: (segundos: string) => `sin respuesta en ${segundos} s`,
  respuestaDemasiadoGrande: 'respuesta demasiado grande',
  respuestaInvalida: 'respuesta ilegible',
  firmaRespuestaInvalida: 'la firma de la respuesta no es de su emisor',
  respuestaVencida: 'la respuesta está vencida',
  ocspEstadoDesconocido: 'el servicio no conoce el certificado',
  estadoHttp: (estado: number) => `respondió HTTP ${estado}`,
  direccionNoPermitida: 'la dirección no es pública',
  urlNoPermitida: 'dirección no admitida',
  demasiadasRedirecciones: 'demasiadas redirecciones',
  errorRed: 'no se pudo conectar',
  marcaNoVerificada: 'revocación no verificada',
  // Certificate authorities
  autoridadRequerida: 'Debe adjuntar el certificado de la autoridad certificadora (PEM o DER en base64)',
  autoridadInvalida: 'El texto no es un certificado X.509 en PEM o DER (base64)',
  autoridadNoEsCa: 'El certificado no es de una autoridad certificadora (basicConstraints cA)',
  autoridadDuplicada: 'Esa autoridad certificadora ya está agregada',
  // Settings
  configuracionInvalida: 'Valor no válido: use "firmar_y_marcar" o "rechazar"',
  sinPermisoConfiguracion: 'Solo el receptor puede cambiar la configuración de firma',
} as const;

/** Reasons for refusing a certificate at upload, as the contract names them. */
export const RAZONES_REVOCACION_ES: Record<string, string> = {
  unspecified: 'sin motivo indicado',
  keyCompromise: 'clave comprometida',
  cACompromise: 'autoridad certificadora comprometida',
  affiliationChanged: 'cambio de afiliación',
  superseded: 'reemplazado',
  cessationOfOperation: 'cese de operaciones',
  certificateHold: 'suspendido',
  removeFromCRL: 'retirado de la CRL',
  privilegeWithdrawn: 'privilegio retirado',
  aACompromise: 'autoridad de atributos comprometida',
};

// ---------------------------------------------------------------------------------------------
// Certificate authorities: GET|POST /api/v1/firma/autoridades/

/** PEM text (one certificate) or its DER in base64; at most 64 KB of text. */
export const AutoridadCreateSchema = z
  .object({
    certificado: boundedString(65_536, { error: confianzaMessages.autoridadRequerida, tooLong: confianzaMessages.autoridadInvalida }).refine(
      (s) => hasVisibleCharacter(s),
      { error: confianzaMessages.autoridadRequerida },
    ),
  })
  .strict();
export type AutoridadCreateValue = z.output<typeof AutoridadCreateSchema>;

export const AutoridadSchema = z.object({
  id: z.number().int(),
  /** The subject's common name (or organisation). */
  nombre: z.string(),
  sujeto: z.string(),
  emisor: z.string(),
  /** SHA-256 of the DER, lower-case hex. */
  huella_sha256: z.string(),
  valido_desde: z.string(),
  valido_hasta: z.string(),
  agregada: z.string(),
  agregada_por: z.string(),
});
export type Autoridad = z.output<typeof AutoridadSchema>;

export const AutoridadesResponseSchema = z.object({ results: z.array(AutoridadSchema) });
export type AutoridadesResponse = z.output<typeof AutoridadesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Receiver setting: GET|PUT /api/v1/firma/configuracion/

/** What to do when the revocation status cannot be learned (no network, responder down). */
export const FIRMA_SIN_REVOCACION = ['firmar_y_marcar', 'rechazar'] as const;
export type FirmaSinRevocacion = (typeof FIRMA_SIN_REVOCACION)[number];
export const FIRMA_SIN_REVOCACION_POR_DEFECTO: FirmaSinRevocacion = 'firmar_y_marcar';

export const FirmaConfiguracionSchema = z.object({
  firma_sin_revocacion: z.enum(FIRMA_SIN_REVOCACION, { error: confianzaMessages.configuracionInvalida }),
});
export type FirmaConfiguracion = z.output<typeof FirmaConfiguracionSchema>;
export const FirmaConfiguracionUpdateSchema = FirmaConfiguracionSchema.strict();

/** A signed document's revocation check: verificada false when it was signed without an answer. */
export const RevocacionFirmaSchema = z.object({
  verificada: z.boolean(),
  /** Why it could not be verified (Spanish), null when verified. */
  motivo: z.string().nullable(),
});
export type RevocacionFirma = z.output<typeof RevocacionFirmaSchema>;
