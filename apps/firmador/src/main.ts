#!/usr/bin/env node
import { X509Certificate } from 'node:crypto';
import os from 'node:os';
import { ClienteReceptoria, emparejar } from './cliente';
import { guardarConfiguracion, leerConfiguracion } from './env';
import { type PedirPin, PinEnPagina, pinEnConsola, pinPorStdin } from './pin';
import { crearServidor } from './servidor';
import { Token } from './token';

const AYUDA = `Firmador de Receptoría: firma con su token los documentos de 'Por firmar'.

Uso:
  receptoria-firmador emparejar CODIGO --servidor https://su.receptoria.cl [--equipo NOMBRE]
      Empareja este equipo con su cuenta (el código se genera en Mi perfil) y registra el certificado del token.
  receptoria-firmador registrar     Vuelve a registrar el certificado del token conectado.
  receptoria-firmador certificados  Lista los certificados del token.
  receptoria-firmador               Inicia el firmador en 127.0.0.1 (puerto ${17342} por omisión).

Configuración (variables de entorno o el archivo de configuración):
  FIRMADOR_PKCS11    biblioteca PKCS#11 del token (ver docs/firma.md)
  FIRMADOR_PUERTO    puerto en 127.0.0.1
  FIRMADOR_ORIGEN    dirección de Receptoría que puede usar el firmador
  FIRMADOR_SERVIDOR  servidor de Receptoría (por omisión, el origen)
  FIRMADOR_PIN       consola | stdin | pagina: dónde se pide el PIN
  FIRMADOR_CONFIG    archivo de configuración`;

function opcion(args: string[], nombre: string): string | undefined {
  const i = args.indexOf(`--${nombre}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function registrar(config: ReturnType<typeof leerConfiguracion>): Promise<void> {
  if (!config.token) throw new Error('El firmador no está emparejado.');
  const token = new Token(config.pkcs11);
  try {
    const certificados = token.certificados();
    if (certificados.length === 0) throw new Error('El token no tiene certificados (¿está conectado?).');
    // The signer's certificate is the one that is not a CA's: the token keeps its chain beside it.
    const [firmante, ...cadena] = [...certificados].sort((a, b) => Number(esCa(a.der)) - Number(esCa(b.der)));
    const registrado = await new ClienteReceptoria(config.servidor, config.token).registrarCertificado(
      firmante!.der,
      cadena.map((c) => c.der),
      token.mecanismos(firmante!.der),
    );
    console.log(`Certificado registrado: ${registrado.nombre}${registrado.rut ? ` (RUT ${registrado.rut})` : ''}, emitido por ${registrado.emisor}.`);
  } finally {
    token.cerrar();
  }
}

function esCa(der: Buffer): boolean {
  try {
    return new X509Certificate(der).ca;
  } catch {
    return false;
  }
}

async function main(args: string[]): Promise<void> {
  const [comando] = args;
  if (comando === 'ayuda' || comando === '--help' || comando === '-h') {
    console.log(AYUDA);
    return;
  }
  const config = leerConfiguracion();
  if (comando === 'emparejar') {
    const codigo = args[1];
    const servidor = (opcion(args, 'servidor') ?? config.servidor).replace(/\/+$/, '');
    if (!codigo || !servidor) throw new Error('Indique el código de Mi perfil y el servidor: emparejar CODIGO --servidor https://…');
    const respuesta = await emparejar(servidor, codigo, (opcion(args, 'equipo') ?? os.hostname()).slice(0, 100));
    const nueva = { ...config, servidor, origen: opcion(args, 'origen') ?? (config.origen || new URL(servidor).origin), token: respuesta.token, usuario: respuesta.usuario, receptor: respuesta.receptor };
    guardarConfiguracion(nueva);
    console.log(`Firmador emparejado con ${respuesta.usuario} (${respuesta.receptor}).`);
    try {
      await registrar(nueva);
    } catch (error) {
      console.log(`El certificado del token no se registró: ${error instanceof Error ? error.message : String(error)}. Conecte el token y ejecute "registrar".`);
    }
    return;
  }
  if (comando === 'registrar') return registrar(config);
  if (comando === 'certificados') {
    const token = new Token(config.pkcs11);
    for (const c of token.certificados()) console.log(`${c.etiqueta}: ${new X509Certificate(c.der).subject.replace(/\n/g, ', ')}`);
    token.cerrar();
    return;
  }
  if (comando && comando !== 'iniciar') {
    console.log(AYUDA);
    process.exitCode = 2;
    return;
  }

  const pagina = config.pin === 'pagina' ? new PinEnPagina() : undefined;
  const pedir: PedirPin = pagina ? pagina.pedir : config.pin === 'stdin' ? pinPorStdin() : pinEnConsola();
  const token = new Token(config.pkcs11);
  const { server } = crearServidor({
    config,
    paginaPin: pagina,
    aviso: (texto) => console.log(texto),
    dependencias: () =>
      config.token
        ? {
            cliente: new ClienteReceptoria(config.servidor, config.token),
            pedirPin: (lote) => {
              const texto = `Receptoría pide firmar ${lote.documentos.filter((d) => d.estado === 'pendiente').length} documento(s) con su token.`;
              if (pagina) console.log(`${texto} Ingrese el PIN en http://127.0.0.1:${config.puerto}/pin`);
              return pedir(texto);
            },
            abrirSesion: (certificado, pin, algoritmo) => {
              // The library is loaded again for each batch: a token plugged in after start is found.
              token.cerrar();
              return token.sesionFirma(certificado, pin, algoritmo);
            },
          }
        : null,
  });
  server.listen(config.puerto, '127.0.0.1', () => {
    console.log(`Firmador de Receptoría escuchando en http://127.0.0.1:${config.puerto} (origen ${config.origen || 'sin configurar'}; biblioteca ${config.pkcs11}).`);
    if (!config.token) console.log('Aún no está emparejado: genere un código en Mi perfil y ejecute "emparejar CODIGO --servidor …".');
  });
  const cerrar = () => {
    server.close();
    token.cerrar();
    process.exit(0);
  };
  process.on('SIGINT', cerrar);
  process.on('SIGTERM', cerrar);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
