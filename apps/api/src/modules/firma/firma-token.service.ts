import { constants, createHash, randomUUID, verify, X509Certificate } from 'node:crypto';
import {
  type CertificadoFirma,
  type CertificadoTokenValue,
  type FirmarResponse,
  type FirmarResultado,
  firmaMessages,
  firmaTokenMessages as m,
  type Lote,
  LOTE_TOKEN_MINUTOS,
  type LoteCrearValue,
  type LoteFirmasValue,
  toSantiagoIso,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { SignPdf, Signer } from '@signpdf/signpdf';
import { and, asc, eq, lt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { atributosFirmados, ensamblarCms, PSS_SAL, type RellenoRsa } from './cms-pades';
import { type Comprobacion, comprobarFirmante } from './confianza.service';
import { type FirmaContext, guardarCertificado, guardarFirmado, nuevoCodigo, urlVerificacion, vigenciaError } from './firma.service';
import { findCertificado, findDocumento, indexCodigo, lockParaFirmar, setCodigo } from './firma.repository';
import { completarNiveles, type PdfFirmado, prepararPdfPades, PdfIlegibleError } from './firmar-pdf';
import { infoDeCertificado } from './p12';
import { sellarTiempo, TsaError } from './tsa';
import { type Certificado, CertificadoIlegibleError, leerCertificado } from './x509';

const { firmaLotes, firmaLoteDocumentos } = tenantSchema;

// ---------------------------------------------------------------------------------------------
// The token's certificate (no key)

function leer(base64: string): Certificado {
  try {
    return leerCertificado(Buffer.from(base64, 'base64'));
  } catch (error) {
    if (error instanceof CertificadoIlegibleError || error instanceof Error) throw new AppError('BAD_REQUEST', m.certificadoInvalido, { errors: { certificado: [m.certificadoInvalido] } });
    throw error;
  }
}

function comprobar(ctx: FirmaContext, firmante: Certificado, propios: Certificado[], now: Date): Promise<Comprobacion> {
  return comprobarFirmante({ db: ctx.db, controlDb: ctx.controlDb, revocacion: ctx.servicios.revocacion }, firmante, propios, now);
}

/**
 * POST /firma/certificados_token/: the certificate on the receiver's token (sent by the agent or the
 * browser, never a key), checked like an uploaded one (validity, key usage, key size or type, chain and
 * revocation), stored as the user's certificate of kind 'token'.
 */
export async function registrarCertificadoToken(ctx: FirmaContext, input: CertificadoTokenValue, now = new Date()): Promise<CertificadoFirma> {
  const firmante = leer(input.certificado);
  const cadena = input.cadena.map(leer).filter((c) => c.huellaSha256 !== firmante.huellaSha256);
  const info = infoDeCertificado(firmante);
  const invalido = vigenciaError(info, now);
  if (invalido) throw new AppError('BAD_REQUEST', invalido.message, { errors: { certificado: [invalido.message] } });
  const comprobacion = await comprobar(ctx, firmante, [firmante, ...cadena], now);
  if (!comprobacion.ok) throw new AppError('BAD_REQUEST', comprobacion.motivo, { errors: { certificado: [comprobacion.motivo] } });
  return guardarCertificado(ctx, info, {
    tipo: 'token',
    archivoCifrado: null,
    certificadosDer: [firmante.der.toString('base64'), ...cadena.map((c) => c.der.toString('base64'))],
    tokenPss: input.mecanismos.includes('CKM_SHA256_RSA_PKCS_PSS'),
  });
}

type AlgoritmoLote = Lote['algoritmo'];

interface FirmanteToken {
  firmante: Certificado;
  propios: Certificado[];
  info: ReturnType<typeof infoDeCertificado>;
  /** What a new batch declares: ECDSA for EC keys; RSA-PSS where the token offers CKM_SHA256_RSA_PKCS_PSS, else PKCS#1 v1.5. */
  algoritmo: AlgoritmoLote;
}

async function firmanteToken(ctx: FirmaContext): Promise<FirmanteToken> {
  const cert = await findCertificado(ctx.db, ctx.userId);
  if (!cert) throw new AppError('BAD_REQUEST', m.sinCertificadoToken);
  if (cert.tipo !== 'token' || !cert.certificadosDer?.length) throw new AppError('BAD_REQUEST', m.certificadoNoEsToken);
  const propios = cert.certificadosDer.map((b) => leerCertificado(Buffer.from(b, 'base64')));
  const firmante = propios[0]!;
  const algoritmo: AlgoritmoLote = firmante.der && new X509Certificate(firmante.der).publicKey.asymmetricKeyType === 'ec' ? 'ec' : cert.tokenPss ? 'rsa-pss' : 'rsa';
  return { firmante, propios, info: infoDeCertificado(firmante), algoritmo };
}

// ---------------------------------------------------------------------------------------------
// Preparing a PDF: its signature room and byte range, and the signed attributes the token signs

/** Captures the byte range's content; the signature stays zeros until the token's signature comes back. */
class CapturaContenido extends Signer {
  contenido: Buffer | null = null;
  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    this.contenido = Buffer.from(pdfBuffer);
    return Buffer.alloc(0);
  }
}

/** The PDF with its /ByteRange written and /Contents zeros, and the DER signed attributes over that range. */
export async function prepararParaToken(
  pdf: Buffer,
  certificado: Buffer,
  firma: Parameters<typeof prepararPdfPades>[1],
  conSello: boolean,
): Promise<{ pdf: Buffer; atributos: Buffer }> {
  const preparado = await prepararPdfPades(pdf, firma, conSello);
  const captura = new CapturaContenido();
  const conRango = await new SignPdf().sign(preparado, captura);
  if (!captura.contenido) throw new PdfIlegibleError('sin rango de bytes');
  return { pdf: conRango, atributos: atributosFirmados(captura.contenido, certificado) };
}

/** Writes the CMS into the prepared PDF's /Contents (the bytes the /ByteRange leaves out). */
export function embeberCms(pdf: Buffer, cms: Buffer): Buffer {
  const texto = pdf.toString('latin1');
  const rango = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  let ultimo: RegExpExecArray | null = null;
  for (let hallado = rango.exec(texto); hallado; hallado = rango.exec(texto)) ultimo = hallado;
  if (!ultimo) throw new PdfIlegibleError('sin /ByteRange');
  const inicio = Number(ultimo[1]);
  const fin = Number(ultimo[2]);
  if (pdf[inicio] !== 0x3c || pdf[fin - 1] !== 0x3e) throw new PdfIlegibleError('/Contents fuera del rango');
  const espacio = fin - inicio - 2;
  const hex = cms.toString('hex');
  if (hex.length > espacio) throw new PdfIlegibleError('la firma no cabe');
  const salida = Buffer.from(pdf);
  salida.write(hex.padEnd(espacio, '0'), inicio + 1, 'latin1');
  return salida;
}

/** Whether `firma` is the certificate's signature over the signed attributes (RSA PKCS#1 v1.5, RSA-PSS with salt 32, or ECDSA; SHA-256). */
export function firmaCorresponde(certificado: Buffer, atributos: Buffer, firma: Buffer, relleno: RellenoRsa = 'pkcs1'): boolean {
  try {
    const clave = new X509Certificate(certificado).publicKey;
    if (relleno === 'pss' && clave.asymmetricKeyType === 'rsa') return verify('sha256', atributos, { key: clave, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PSS_SAL }, firma);
    return verify('sha256', atributos, clave, firma);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Batches

const fallo = (id: string, motivo: string): FirmarResultado => ({ id, ok: false, error: motivo, motivo, url_pdf_firmado: null, codigo_verificacion: null });

async function loteDe(ctx: FirmaContext, id: string, now: Date): Promise<Lote> {
  const [lote] = await ctx.db.select().from(firmaLotes).where(and(eq(firmaLotes.id, id), eq(firmaLotes.usuarioId, ctx.userId)));
  if (!lote || lote.venceEn.getTime() < now.getTime()) throw new AppError('NOT_FOUND', m.loteNoEncontrado);
  const docs = await ctx.db.select().from(firmaLoteDocumentos).where(eq(firmaLoteDocumentos.loteId, id)).orderBy(asc(firmaLoteDocumentos.orden));
  const cert = await findCertificado(ctx.db, ctx.userId);
  const certificado = cert?.certificadosDer?.[0] ?? '';
  const titulos = new Map<string, string>();
  for (const doc of docs) titulos.set(doc.estampadoId, (await findDocumento(ctx.db, doc.estampadoId))?.titulo ?? '');
  const algoritmo: AlgoritmoLote = lote.algoritmo;
  return {
    id: lote.id,
    creado: toSantiagoIso(lote.creadoEn),
    vence: toSantiagoIso(lote.venceEn),
    certificado,
    algoritmo,
    documentos: docs.map((d) => ({
      id: d.estampadoId,
      titulo: titulos.get(d.estampadoId) ?? '',
      estado: d.estado,
      motivo: d.motivo,
      atributos: d.estado === 'pendiente' && d.atributos ? d.atributos.toString('base64') : null,
      hash: d.estado === 'pendiente' && d.atributos ? createHash('sha256').update(d.atributos).digest('hex') : null,
    })),
    pendientes: docs.filter((d) => d.estado === 'pendiente').length,
    firmados: docs.filter((d) => d.estado === 'firmado').length,
  };
}

export const obtenerLote = (ctx: FirmaContext, id: string, now = new Date()) => loteDe(ctx, id, now);

/**
 * POST /firma/lotes/: for the user's token certificate (checked now: validity, fitness, revocation), each
 * document's PDF prepared with its visible block and signature room, and the signed attributes the token
 * will sign. A document that cannot be signed says why (and is left out of the token's work).
 */
export async function crearLote(ctx: FirmaContext, input: LoteCrearValue, now = new Date()): Promise<Lote> {
  const token = await firmanteToken(ctx);
  const invalido = vigenciaError(token.info, now);
  if (invalido) throw invalido;
  const comprobacion = await comprobar(ctx, token.firmante, token.propios, now);
  if (!comprobacion.ok) throw new AppError('BAD_REQUEST', comprobacion.motivo);
  // Batches past their time are of no use to anyone: cleared as new ones come.
  await ctx.db.delete(firmaLotes).where(lt(firmaLotes.venceEn, now));
  const id = randomUUID();
  await ctx.db.insert(firmaLotes).values({ id, usuarioId: ctx.userId, certificadoHuella: token.info.huellaSha256, algoritmo: token.algoritmo, venceEn: new Date(now.getTime() + LOTE_TOKEN_MINUTOS * 60_000) });
  const conSello = ctx.servicios.tsa !== null;
  let orden = 0;
  for (const docId of input.documento_ids) {
    orden += 1;
    const fila = { loteId: id, estampadoId: docId, orden, fecha: now };
    const doc = await ctx.db.transaction(async (tx) => lockParaFirmar(tx, docId));
    const motivo = !doc ? firmaMessages.documentoNoEncontrado : doc.firmado ? firmaMessages.documentoYaFirmado : !doc.pdf ? (doc.motor === 'google' ? firmaMessages.documentoGoogle : firmaMessages.documentoSinPdf) : null;
    if (!doc || motivo || !doc.pdf) {
      if (doc) await ctx.db.insert(firmaLoteDocumentos).values({ ...fila, estado: 'fallido', motivo });
      continue;
    }
    let codigo = doc.codigo;
    if (!codigo) {
      const nuevo = nuevoCodigo();
      await indexCodigo(ctx.controlDb, nuevo, ctx.tenant.id);
      await setCodigo(ctx.db, docId, nuevo);
      codigo = (await findDocumento(ctx.db, docId))?.codigo ?? nuevo;
    }
    try {
      const preparado = await prepararParaToken(
        doc.pdf,
        token.firmante.der,
        { nombre: token.info.nombre, rut: token.info.rut, codigo, urlVerificacion: urlVerificacion(ctx.servicios.publicUrl, codigo), ubicacion: ctx.tenant.comuna || 'Chile', fecha: now },
        conSello,
      );
      await ctx.db.insert(firmaLoteDocumentos).values({ ...fila, codigo, pdfPreparado: preparado.pdf, atributos: preparado.atributos });
    } catch (error) {
      await ctx.db.insert(firmaLoteDocumentos).values({ ...fila, estado: 'fallido', motivo: error instanceof PdfIlegibleError ? firmaMessages.pdfIlegible : firmaMessages.errorFirma });
    }
  }
  return loteDe(ctx, id, now);
}

/**
 * POST /firma/lotes/{id}/firmas/: the token's signature values. Each is verified against the
 * certificate before anything is stored, embedded as the same PAdES CMS as the P12 path (with the
 * TSA's timestamp and the validation data when configured), stored, and its assignment moved. A
 * document without its signature (the token removed mid-batch) stays 'por firmar' with its reason.
 */
export async function recibirFirmas(ctx: FirmaContext, loteId: string, input: LoteFirmasValue, now = new Date()): Promise<FirmarResponse> {
  const lote = await loteDe(ctx, loteId, now);
  const token = await firmanteToken(ctx);
  const [fila] = await ctx.db.select({ huella: firmaLotes.certificadoHuella, algoritmo: firmaLotes.algoritmo }).from(firmaLotes).where(eq(firmaLotes.id, loteId));
  const porId = new Map(input.firmas.map((f) => [f.id, f]));
  const pendientes = lote.documentos.filter((d) => d.estado === 'pendiente');
  if (fila?.huella !== token.info.huellaSha256) {
    // The certificate changed since the batch was prepared: its attributes name the other one.
    return { results: pendientes.map((d) => fallo(d.id, m.loteVencido)), firmados: 0 };
  }
  const comprobacion = await comprobar(ctx, token.firmante, token.propios, now);
  const results: FirmarResultado[] = [];
  for (const doc of pendientes) {
    const recibida = porId.get(doc.id);
    if (!recibida) continue;
    const marcar = (estado: 'firmado' | 'fallido', motivo: string | null) =>
      ctx.db.update(firmaLoteDocumentos).set({ estado, motivo }).where(and(eq(firmaLoteDocumentos.loteId, loteId), eq(firmaLoteDocumentos.estampadoId, doc.id)));
    if (!comprobacion.ok) {
      await marcar('fallido', comprobacion.motivo);
      results.push(fallo(doc.id, comprobacion.motivo));
      continue;
    }
    if (!recibida.firma) {
      const motivo = m.tokenNoDisponible((recibida.error ?? 'sin respuesta del token').slice(0, 200));
      await marcar('fallido', motivo);
      results.push(fallo(doc.id, motivo));
      continue;
    }
    const relleno: RellenoRsa = fila?.algoritmo === 'rsa-pss' ? 'pss' : 'pkcs1';
    const resultado = await firmarDocumento(ctx, loteId, doc.id, Buffer.from(recibida.firma, 'base64'), token, comprobacion, relleno);
    await marcar(resultado.ok ? 'firmado' : 'fallido', resultado.motivo);
    results.push(resultado);
  }
  return { results, firmados: results.filter((r) => r.ok).length };
}

async function firmarDocumento(
  ctx: FirmaContext,
  loteId: string,
  id: string,
  firma: Buffer,
  token: FirmanteToken,
  comprobacion: Extract<Comprobacion, { ok: true }>,
  relleno: RellenoRsa,
): Promise<FirmarResultado> {
  const [fila] = await ctx.db.select().from(firmaLoteDocumentos).where(and(eq(firmaLoteDocumentos.loteId, loteId), eq(firmaLoteDocumentos.estampadoId, id)));
  if (!fila?.pdfPreparado || !fila.atributos || !fila.codigo) return fallo(id, m.loteNoEncontrado);
  if (!firmaCorresponde(token.firmante.der, fila.atributos, firma, relleno)) return fallo(id, m.firmaInvalida);
  const certificados = { certificado: token.firmante.der, cadena: comprobacion.cadena };
  let resultado: PdfFirmado;
  try {
    const tsa = ctx.servicios.tsa;
    if (!tsa) {
      resultado = { pdf: embeberCms(fila.pdfPreparado, ensamblarCms(certificados, fila.atributos, firma, undefined, relleno)), nivel: 'B-B', selloVence: null, revocacion: null };
    } else {
      const sello = await sellarTiempo(tsa, firma);
      const firmado = embeberCms(fila.pdfPreparado, ensamblarCms(certificados, fila.atributos, firma, sello.token, relleno));
      resultado = await completarNiveles(firmado, certificados, sello, tsa, ctx.servicios.ltv);
    }
  } catch (error) {
    if (error instanceof TsaError) return fallo(id, firmaMessages.selloNoDisponible(error.message));
    return fallo(id, error instanceof PdfIlegibleError ? firmaMessages.pdfIlegible : firmaMessages.errorFirma);
  }
  return guardarFirmado(ctx, { id, codigo: fila.codigo, resultado, info: token.info, revocacion: comprobacion.revocacion }, fila.fecha);
}
