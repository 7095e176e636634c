import { createHash, X509Certificate } from 'node:crypto';
import pkcs11js from 'pkcs11js';

/** The token could not be used (library missing, no token, wrong PIN, removed): the message says why, in Spanish. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly codigo: string = '',
  ) {
    super(message);
  }
}

/** DigestInfo prefix of SHA-256 (RFC 8017 §9.2): CKM_RSA_PKCS signs it followed by the hash. */
const DIGEST_INFO_SHA256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');

function mensajePkcs11(error: unknown): { mensaje: string; codigo: string } {
  const texto = error instanceof Error ? error.message : String(error);
  const codigo = /CKR_[A-Z_]+/.exec(texto)?.[0] ?? '';
  const porCodigo: Record<string, string> = {
    CKR_PIN_INCORRECT: 'el PIN del token no es correcto',
    CKR_PIN_LOCKED: 'el PIN del token está bloqueado',
    CKR_PIN_LEN_RANGE: 'el PIN del token no tiene el largo que el token acepta',
    CKR_DEVICE_REMOVED: 'el token fue retirado',
    CKR_TOKEN_NOT_PRESENT: 'el token no está conectado',
    CKR_SESSION_HANDLE_INVALID: 'el token fue retirado o se cerró su sesión',
    CKR_SESSION_CLOSED: 'el token fue retirado o se cerró su sesión',
    CKR_DEVICE_ERROR: 'el token no responde',
    CKR_GENERAL_ERROR: 'el token no responde',
  };
  return { mensaje: porCodigo[codigo] ?? `el token respondió ${codigo || texto}`, codigo };
}

export function comoTokenError(error: unknown): TokenError {
  if (error instanceof TokenError) return error;
  const { mensaje, codigo } = mensajePkcs11(error);
  return new TokenError(mensaje, codigo);
}

/** The signature a batch declares (the server decides it; see LoteServidor.algoritmo). */
export type AlgoritmoFirma = 'rsa' | 'rsa-pss' | 'ec';

/** Salt length of RSA-PSS signatures: SHA-256's length, as the CMS's RSASSA-PSS-params declare it. */
export const PSS_SAL = 32;

/** PKCS#11 mechanism numbers by name (CKM_…), to tell the server what the token offers. */
const NOMBRES_MECANISMO = new Map<number, string>(
  Object.entries(pkcs11js as unknown as Record<string, unknown>)
    .filter((e): e is [string, number] => e[0].startsWith('CKM_') && typeof e[1] === 'number')
    .map(([nombre, valor]) => [valor, nombre]),
);

/** A certificate found on a token, with the id of its key pair. */
export interface CertificadoEnToken {
  slot: Buffer;
  etiqueta: string;
  id: Buffer;
  der: Buffer;
}

/** ECDSA's raw r‖s (what CKM_ECDSA returns) as the DER Ecdsa-Sig-Value CMS carries. */
export function ecdsaADer(crudo: Buffer): Buffer {
  const mitad = crudo.length / 2;
  const entero = (bytes: Buffer) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i += 1;
    let v = bytes.subarray(i);
    if (v[0]! & 0x80) v = Buffer.concat([Buffer.from([0]), v]);
    return Buffer.concat([Buffer.from([0x02, v.length]), v]);
  };
  const cuerpo = Buffer.concat([entero(crudo.subarray(0, mitad)), entero(crudo.subarray(mitad))]);
  const largo = cuerpo.length < 0x80 ? Buffer.from([cuerpo.length]) : Buffer.from([0x81, cuerpo.length]);
  return Buffer.concat([Buffer.from([0x30]), largo, cuerpo]);
}

/**
 * The receiver's token through its PKCS#11 library: the certificates it holds (no PIN needed), and a
 * signing session opened with the PIN (asked on this PC) for a whole batch.
 */
export class Token {
  private readonly p11 = new pkcs11js.PKCS11();
  private abierto = false;

  constructor(private readonly biblioteca: string) {}

  abrir(): void {
    if (this.abierto) return;
    try {
      this.p11.load(this.biblioteca);
    } catch (error) {
      throw new TokenError(`no se pudo cargar la biblioteca PKCS#11 ${this.biblioteca} (${error instanceof Error ? error.message : String(error)})`, 'BIBLIOTECA');
    }
    try {
      this.p11.C_Initialize();
    } catch (error) {
      if (!String(error).includes('CKR_CRYPTOKI_ALREADY_INITIALIZED')) throw comoTokenError(error);
    }
    this.abierto = true;
  }

  cerrar(): void {
    if (!this.abierto) return;
    try {
      this.p11.C_Finalize();
    } catch {
      // already gone (the token or its library removed)
    }
    this.abierto = false;
  }

  /** Every certificate on every token present. */
  certificados(): CertificadoEnToken[] {
    this.abrir();
    const encontrados: CertificadoEnToken[] = [];
    let slots: Buffer[];
    try {
      slots = this.p11.C_GetSlotList(true);
    } catch (error) {
      throw comoTokenError(error);
    }
    for (const slot of slots) {
      const info = this.p11.C_GetTokenInfo(slot);
      // An empty slot (SoftHSM keeps one free) has no token initialised on it.
      if (!(info.flags & pkcs11js.CKF_TOKEN_INITIALIZED)) continue;
      const etiqueta = info.label.trim();
      const sesion = this.p11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION);
      try {
        for (const handle of this.buscar(sesion, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_CERTIFICATE }])) {
          const [valor, id] = this.p11.C_GetAttributeValue(sesion, handle, [{ type: pkcs11js.CKA_VALUE }, { type: pkcs11js.CKA_ID }]);
          if (Buffer.isBuffer(valor?.value) && Buffer.isBuffer(id?.value)) encontrados.push({ slot, etiqueta, id: id.value, der: valor.value });
        }
      } finally {
        this.p11.C_CloseSession(sesion);
      }
    }
    return encontrados;
  }

  /** The mechanisms (CKM_… names) of the token holding `certificado`: the server declares RSA-PSS when CKM_SHA256_RSA_PKCS_PSS is among them. */
  mecanismos(certificado: Buffer): string[] {
    const hallado = this.certificados().find((c) => c.der.equals(certificado));
    if (!hallado) return [];
    try {
      return [...new Set(this.p11.C_GetMechanismList(hallado.slot).map((m) => NOMBRES_MECANISMO.get(m)).filter((m): m is string => Boolean(m)))];
    } catch (error) {
      throw comoTokenError(error);
    }
  }

  private buscar(sesion: Buffer, plantilla: pkcs11js.Template): Buffer[] {
    this.p11.C_FindObjectsInit(sesion, plantilla);
    try {
      return this.p11.C_FindObjects(sesion, 100);
    } finally {
      this.p11.C_FindObjectsFinal(sesion);
    }
  }

  /**
   * Opens a session on the token holding `certificado` and logs in with the PIN; the returned signer
   * signs signed attributes (SHA-256 with RSA PKCS#1 v1.5, RSA-PSS when the batch declares it, or ECDSA)
   * until `terminar`.
   */
  sesionFirma(certificado: Buffer, pin: string, algoritmo: AlgoritmoFirma = 'rsa'): SesionFirma {
    const hallado = this.certificados().find((c) => c.der.equals(certificado));
    if (!hallado) throw new TokenError('el certificado registrado no está en el token conectado', 'SIN_CERTIFICADO');
    let sesion: Buffer;
    try {
      sesion = this.p11.C_OpenSession(hallado.slot, pkcs11js.CKF_SERIAL_SESSION);
      this.p11.C_Login(sesion, pkcs11js.CKU_USER, pin);
    } catch (error) {
      throw comoTokenError(error);
    }
    const [clave] = this.buscar(sesion, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY },
      { type: pkcs11js.CKA_ID, value: hallado.id },
    ]);
    if (!clave) throw new TokenError('el token no tiene la clave del certificado', 'SIN_CLAVE');
    const ec = new X509Certificate(certificado).publicKey.asymmetricKeyType === 'ec';
    const mecanismos = new Set(this.p11.C_GetMechanismList(hallado.slot));
    const p11 = this.p11;
    return {
      firmar(atributos: Buffer): Buffer {
        const hash = createHash('sha256').update(atributos).digest();
        try {
          if (ec) {
            p11.C_SignInit(sesion, { mechanism: pkcs11js.CKM_ECDSA }, clave);
            return ecdsaADer(p11.C_Sign(sesion, hash, Buffer.alloc(256)));
          }
          if (algoritmo === 'rsa-pss') {
            // RSASSA-PSS: SHA-256, MGF1 with SHA-256, salt 32 (what the server's CMS declares).
            if (!mecanismos.has(pkcs11js.CKM_SHA256_RSA_PKCS_PSS)) throw new TokenError('el token no firma con RSA-PSS: vuelva a registrar el certificado', 'SIN_PSS');
            const parametro: pkcs11js.RsaPSS = { type: pkcs11js.CK_PARAMS_RSA_PSS, hashAlg: pkcs11js.CKM_SHA256, mgf: pkcs11js.CKG_MGF1_SHA256, saltLen: PSS_SAL };
            p11.C_SignInit(sesion, { mechanism: pkcs11js.CKM_SHA256_RSA_PKCS_PSS, parameter: parametro }, clave);
            return p11.C_Sign(sesion, atributos, Buffer.alloc(1024));
          }
          if (mecanismos.has(pkcs11js.CKM_SHA256_RSA_PKCS)) {
            p11.C_SignInit(sesion, { mechanism: pkcs11js.CKM_SHA256_RSA_PKCS }, clave);
            return p11.C_Sign(sesion, atributos, Buffer.alloc(1024));
          }
          // Tokens without the hashing mechanism: the DigestInfo of the hash, padded by the token.
          p11.C_SignInit(sesion, { mechanism: pkcs11js.CKM_RSA_PKCS }, clave);
          return p11.C_Sign(sesion, Buffer.concat([DIGEST_INFO_SHA256, hash]), Buffer.alloc(1024));
        } catch (error) {
          throw comoTokenError(error);
        }
      },
      terminar() {
        try {
          p11.C_Logout(sesion);
          p11.C_CloseSession(sesion);
        } catch {
          // the token may be gone already
        }
      },
    };
  }
}

export interface SesionFirma {
  firmar(atributos: Buffer): Buffer;
  terminar(): void;
}
