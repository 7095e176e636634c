import { type Certificado, emitidoPor, esAutofirmado } from './x509';

const PROFUNDIDAD_MAX = 8;

/**
 * The signer's chain, leaf first: each issuer found among `candidatos` (the certificates the signer
 * brought — a PKCS#12's or a token's, its root included, which counts for this signer only — and the
 * CA certificates the platform admin added) by name, key identifier and signature. It stops at a
 * self-signed root or where no issuer is known (`completa` false).
 */
export function construirCadena(firmante: Certificado, candidatos: readonly Certificado[]): { cadena: Certificado[]; completa: boolean } {
  const cadena = [firmante];
  let actual = firmante;
  while (cadena.length < PROFUNDIDAD_MAX) {
    if (esAutofirmado(actual)) return { cadena, completa: true };
    const emisor = candidatos.find((c) => !cadena.some((e) => e.huellaSha256 === c.huellaSha256) && c.esCa && emitidoPor(actual, c));
    if (!emisor) return { cadena, completa: false };
    cadena.push(emisor);
    actual = emisor;
  }
  return { cadena, completa: false };
}
