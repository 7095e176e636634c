import { z } from 'zod';
import { boundedString } from '../common/text';
import { CertificadoFirmaSchema, DocumentoFirmaIdSchema, FirmarResultadoSchema } from './schemas';

/*
 * Signing with the receiver's token through the signing agent on the office PC (issue 39 §1, docs/firma.md).
 * All under /api/v1:
 *   POST   /firma/agente/codigo/                 staff → AgenteCodigo (a pairing code, 10 minutes, shown in Mi perfil)
 *   POST   /firma/agente/emparejar/              public (the code is the credential) AgenteEmparejar → AgenteEmparejado
 *   GET    /firma/agente/                        staff → AgenteEstado
 *   DELETE /firma/agente/                        staff → AgenteEstado (every agent of the user unpaired)
 *   POST   /firma/certificados_token/            staff or agent CertificadoToken → CertificadoFirma (checked like an upload)
 *   POST   /firma/lotes/                         staff LoteCrear → Lote (each PDF prepared, the attributes to sign)
 *   GET    /firma/lotes/{id}/                    staff or agent → Lote
 *   POST   /firma/lotes/{id}/firmas/             staff or agent LoteFirmas → FirmarResponse
 * The agent authenticates with `Authorization: Bearer fa_…` (its token from the pairing). The token's PIN
 * is asked by the agent on the PC and is never part of any of these requests.
 */

export const firmaTokenMessages = {
  codigoInvalido: 'El código de emparejamiento no es válido o ya venció: genere uno nuevo en Mi perfil',
  equipoInvalido: 'El nombre del equipo no es válido',
  certificadoInvalido: 'El certificado del token no es un certificado X.509 válido',
  certificadoSinFirma: 'El certificado del token no sirve para firmar',
  sinCertificadoToken: 'No tiene registrado el certificado de un token: empareje el firmador y registre su certificado',
  certificadoNoEsToken: 'Su certificado es de software (P12): firme con su contraseña',
  certificadoEsToken: 'Su certificado está en un token: firme con el token a través del firmador',
  loteNoEncontrado: 'El lote de firma no fue encontrado o ya venció',
  loteVencido: 'El lote de firma venció antes de recibir las firmas: prepárelo de nuevo',
  firmaInvalida: 'La firma recibida no corresponde al certificado del token: el documento no se firmó',
  firmaFaltante: 'El firmador no devolvió la firma de este documento: queda por firmar',
  tokenNoDisponible: (motivo: string) => `El token no firmó este documento (${motivo}): queda por firmar`,
  firmaNoValida: 'La firma no es válida',
  demasiadosDocumentos: 'Puede firmar hasta 50 documentos por lote con el token',
  agenteNoEmparejado: 'No hay un firmador emparejado',
} as const;

/** Documents in one batch for the token (one PIN entry). */
export const FIRMA_TOKEN_LOTE_MAX = 50;
/** How long a pairing code works. */
export const AGENTE_CODIGO_MINUTOS = 10;
/** How long a prepared batch waits for its signatures. */
export const LOTE_TOKEN_MINUTOS = 30;

const m = firmaTokenMessages;

export const AgenteCodigoSchema = z.object({ codigo: z.string(), vence: z.string() });
export type AgenteCodigo = z.output<typeof AgenteCodigoSchema>;

/** 8 characters of A-Z/2-9 (no 0/O, 1/I), spaces and hyphens ignored. */
export const CodigoEmparejamientoSchema = boundedString(20, { error: m.codigoInvalido, tooLong: m.codigoInvalido })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .refine((s) => /^[A-HJ-NP-Z2-9]{8}$/.test(s), { error: m.codigoInvalido });

export const AgenteEmparejarSchema = z.object({
  codigo: CodigoEmparejamientoSchema,
  equipo: boundedString(100, { error: m.equipoInvalido, tooLong: m.equipoInvalido })
    .trim()
    .min(1, { error: m.equipoInvalido }),
});
export type AgenteEmparejarValue = z.output<typeof AgenteEmparejarSchema>;

export const AgenteEmparejadoSchema = z.object({
  /** The agent's token (shown once): `Authorization: Bearer fa_…`. */
  token: z.string(),
  usuario: z.string(),
  receptor: z.string(),
});

export const AgenteSchema = z.object({ id: z.number().int(), equipo: z.string(), emparejado: z.string(), visto: z.string().nullable() });
export const AgenteEstadoSchema = z.object({ agentes: z.array(AgenteSchema) });
export type AgenteEstado = z.output<typeof AgenteEstadoSchema>;

const base64 = (max: number) =>
  boundedString(max, { error: m.certificadoInvalido, tooLong: m.certificadoInvalido }).refine((s) => /^[A-Za-z0-9+/]+={0,2}$/.test(s), {
    error: m.certificadoInvalido,
  });

/** The token's certificate (no key): DER in base64, with the chain the token holds. */
export const CertificadoTokenSchema = z.object({
  certificado: base64(20_000),
  cadena: z.array(base64(20_000), { error: m.certificadoInvalido }).max(8, { error: m.certificadoInvalido }).default([]),
  /** The token's PKCS#11 mechanisms by name (CKM_…), as the agent read them: CKM_SHA256_RSA_PKCS_PSS makes RSA signatures RSA-PSS. */
  mecanismos: z
    .array(boundedString(60, { error: m.certificadoInvalido, tooLong: m.certificadoInvalido }), { error: m.certificadoInvalido })
    .max(300, { error: m.certificadoInvalido })
    .default([]),
});
export type CertificadoTokenValue = z.output<typeof CertificadoTokenSchema>;
export const CertificadoTokenResponseSchema = CertificadoFirmaSchema;

export const LoteCrearSchema = z.object({
  documento_ids: z
    .array(DocumentoFirmaIdSchema, { error: m.demasiadosDocumentos })
    .min(1, { error: m.demasiadosDocumentos })
    .max(FIRMA_TOKEN_LOTE_MAX, { error: m.demasiadosDocumentos })
    .transform((ids) => [...new Set(ids)]),
});
export type LoteCrearValue = z.output<typeof LoteCrearSchema>;

export const LoteParamSchema = z.object({ id: DocumentoFirmaIdSchema });

export const LOTE_DOCUMENTO_ESTADOS = ['pendiente', 'firmado', 'fallido'] as const;

export const LoteDocumentoSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  estado: z.enum(LOTE_DOCUMENTO_ESTADOS),
  motivo: z.string().nullable(),
  /** The DER of the signed attributes (base64): what the token signs (CKM_SHA256_RSA_PKCS hashes it itself). */
  atributos: z.string().nullable(),
  /** SHA-256 of `atributos` (hex): what a raw mechanism (CKM_RSA_PKCS with DigestInfo, CKM_ECDSA) signs. */
  hash: z.string().nullable(),
});

export const LoteSchema = z.object({
  id: z.string(),
  creado: z.string(),
  vence: z.string(),
  /** The signer's certificate (DER base64): the agent picks the token's key by it. */
  certificado: z.string(),
  /**
   * 'rsa' (RSASSA-PKCS1-v1_5 with SHA-256), 'rsa-pss' (RSASSA-PSS: SHA-256, MGF1 with SHA-256, salt 32 bytes;
   * CKM_SHA256_RSA_PKCS_PSS) or 'ec' (ECDSA with SHA-256, the DER Ecdsa-Sig-Value or raw r‖s).
   */
  algoritmo: z.enum(['rsa', 'rsa-pss', 'ec']),
  documentos: z.array(LoteDocumentoSchema),
  pendientes: z.number().int(),
  firmados: z.number().int(),
});
export type Lote = z.output<typeof LoteSchema>;

export const LoteFirmasSchema = z.object({
  firmas: z
    .array(
      z.object({
        id: DocumentoFirmaIdSchema,
        /** The signature value, base64; absent with `error` when the token did not sign it. */
        firma: base64(2_000).optional(),
        error: boundedString(300).optional(),
      }),
      { error: m.firmaNoValida },
    )
    .min(1, { error: m.firmaNoValida })
    .max(FIRMA_TOKEN_LOTE_MAX, { error: m.demasiadosDocumentos }),
});
export type LoteFirmasValue = z.output<typeof LoteFirmasSchema>;

export const LoteFirmasResponseSchema = z.object({ results: z.array(FirmarResultadoSchema), firmados: z.number().int() });
