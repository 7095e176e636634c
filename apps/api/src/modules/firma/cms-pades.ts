import { createHash, type KeyObject, sign } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  /** id-aa-signingCertificateV2 (RFC 5035). */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

const seq = (items: Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (n: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const nulo = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const algoritmo = (id: string) => seq([oid(id), nulo()]);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
// BIT STRINGs kept as bytes, so a certificate's key and signature are written back exactly as read.
const desdeDer = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')), { decodeBitStrings: false } as never);

/** A DER SET OF: its elements in the order of their encodings (X.690 §11.6). */
function setOf(items: Asn1[], tagClass = asn1.Class.UNIVERSAL, type: number = asn1.Type.SET): Asn1 {
  const ordenados = items.map((item) => ({ item, bytes: der(item) })).sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  return asn1.create(tagClass, type, true, ordenados.map((o) => o.item));
}

const atributo = (tipo: string, valor: Asn1) => seq([oid(tipo), setOf([valor])]);

/** The issuer Name and serialNumber of a certificate, as the CA encoded them (copied, never re-encoded). */
function emisorYSerie(certificado: Buffer): { emisor: Asn1; serie: Asn1 } {
  const tbs = (desdeDer(certificado).value as Asn1[])[0]!.value as Asn1[];
  // tbsCertificate: [0] version (absent in v1), serialNumber, signature, issuer, …
  const i = tbs[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serie: tbs[i]!, emisor: tbs[i + 2]! };
}

/** What a PAdES signature needs of the signer: the private key and the certificates as DER. */
export interface FirmanteCms {
  clave: KeyObject;
  /** The signer's certificate. */
  certificado: Buffer;
  /** Every certificate to embed (the signer's and its chain). */
  cadena: Buffer[];
}

/**
 * The CMS of a PAdES baseline B-B signature (ETSI EN 319 142-1) over `contenido` (the PDF's byte
 * range): SignedData, detached, SHA-256 with RSA, the certificates embedded, and the signed
 * attributes content-type, message-digest and ESS signing-certificate-v2 (the signer certificate's
 * SHA-256 with its issuer and serial). No signing-time attribute: PAdES puts the time in the
 * signature dictionary's /M.
 */
export function cmsPades(contenido: Buffer, firmante: FirmanteCms): Buffer {
  const { emisor, serie } = emisorYSerie(firmante.certificado);
  const digest = createHash('sha256').update(contenido).digest();
  const huella = createHash('sha256').update(firmante.certificado).digest();
  // ESSCertIDv2 without hashAlgorithm: SHA-256 is its DEFAULT, which DER leaves out.
  const issuerSerial = seq([seq([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [emisor])]), serie]);
  const signingCertificateV2 = seq([seq([seq([octets(huella), issuerSerial])])]);
  const atributos = [
    atributo(OID.contentType, oid(OID.data)),
    atributo(OID.messageDigest, octets(digest)),
    atributo(OID.signingCertificateV2, signingCertificateV2),
  ];
  // The signature covers the attributes encoded as a SET OF; the SignerInfo carries them as [0] IMPLICIT.
  const firma = sign('sha256', der(setOf(atributos)), firmante.clave);
  const signerInfo = seq([
    integer(1),
    seq([emisor, serie]),
    algoritmo(OID.sha256),
    setOf(atributos, asn1.Class.CONTEXT_SPECIFIC, 0),
    algoritmo(OID.rsaEncryption),
    octets(firma),
  ]);
  const signedData = seq([
    integer(1),
    setOf([algoritmo(OID.sha256)]),
    seq([oid(OID.data)]),
    setOf(firmante.cadena.map(desdeDer), asn1.Class.CONTEXT_SPECIFIC, 0),
    setOf([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}
