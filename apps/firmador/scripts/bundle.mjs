// The agent as one CommonJS file (dist/firmador.cjs) for Node's single-executable applications: pkcs11js's
// native addon is loaded from the executable's own asset 'pkcs11.node' (written once to a temporary file),
// or, in an executable built for another platform without it, from pkcs11.node beside the executable, or
// from beside the file when run with plain node.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(dir, 'package.json'));
const esbuild = require('esbuild');
const nativo = path.join(path.dirname(require.resolve('pkcs11js/package.json')), 'build', 'Release', 'pkcs11.node');

const cargador = `
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
function cargar() {
  let sea = null;
  try { sea = require('node:sea'); } catch {}
  let archivo = path.join(__dirname, 'pkcs11.node');
  let incluido = null;
  if (sea && sea.isSea()) {
    try { incluido = sea.getRawAsset('pkcs11.node'); } catch {}
    // Built for another platform without its addon: pkcs11.node goes beside the executable.
    if (!incluido) archivo = path.join(path.dirname(process.execPath), 'pkcs11.node');
  }
  if (incluido) {
    const bytes = Buffer.from(incluido);
    const huella = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    archivo = path.join(os.tmpdir(), 'receptoria-firmador-' + huella + '.node');
    if (!fs.existsSync(archivo)) fs.writeFileSync(archivo, bytes, { mode: 0o500 });
  }
  if (!fs.existsSync(archivo)) throw new Error('Falta pkcs11.node junto al firmador (' + archivo + '): use el pkcs11.node compilado para este sistema (npm install pkcs11js@2.1.7)');
  const modulo = { exports: {} };
  process.dlopen(modulo, archivo);
  return modulo.exports;
}
module.exports = cargar();
`;

await esbuild.build({
  entryPoints: [path.join(dir, 'src/main.ts')],
  outfile: path.join(dir, 'dist/firmador.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'pkcs11-nativo',
      setup(build) {
        build.onResolve({ filter: /pkcs11\.node$/ }, () => ({ path: 'pkcs11-nativo', namespace: 'nativo' }));
        build.onLoad({ filter: /.*/, namespace: 'nativo' }, () => ({ contents: cargador, loader: 'js' }));
      },
    },
  ],
});
const fs = await import('node:fs');
fs.copyFileSync(nativo, path.join(dir, 'dist/pkcs11.node'));
console.log('dist/firmador.cjs y dist/pkcs11.node');
