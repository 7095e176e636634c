// The agent as a single executable (Node's single-executable applications, injected with postject) for the
// platform this runs on: dist/receptoria-firmador (.exe on Windows). docs/firma.md has the Windows and macOS steps.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(dir, 'dist');
const require = createRequire(path.join(dir, 'package.json'));
const windows = process.platform === 'win32';
const mac = process.platform === 'darwin';
const salida = path.join(dist, windows ? 'receptoria-firmador.exe' : 'receptoria-firmador');

fs.writeFileSync(
  path.join(dist, 'sea-config.json'),
  JSON.stringify({
    main: path.join(dist, 'firmador.cjs'),
    output: path.join(dist, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    useCodeCache: false,
    assets: { 'pkcs11.node': path.join(dist, 'pkcs11.node') },
  }),
);
execFileSync(process.execPath, ['--experimental-sea-config', path.join(dist, 'sea-config.json')], { stdio: 'inherit' });
fs.copyFileSync(process.execPath, salida);
fs.chmodSync(salida, 0o755);
if (mac) execFileSync('codesign', ['--remove-signature', salida], { stdio: 'inherit' });
const postject = path.join(path.dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');
execFileSync(
  process.execPath,
  [postject, salida, 'NODE_SEA_BLOB', path.join(dist, 'sea-prep.blob'), '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2', ...(mac ? ['--macho-segment-name', 'NODE_SEA'] : [])],
  { stdio: 'inherit' },
);
if (mac) execFileSync('codesign', ['--sign', '-', salida], { stdio: 'inherit' });
console.log(`${path.relative(dir, salida)} listo`);
