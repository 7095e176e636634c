/**
 * Compiles the API (and the workspace packages it uses, which export TypeScript source) into
 * dist/server.js, dist/cli.js and dist/install-embedded.js (the embedded databases' first start, run by
 * the server as a process of its own) with esbuild. Dependencies stay outside the bundle: each import
 * is resolved now and written as a path relative to dist/, so every package keeps its own files
 * (PGlite's WebAssembly, fonts, templates). `import.meta.url` keeps naming each source file, so
 * paths computed from it (migrations, repository root) are unchanged. Files are written through a
 * rename, so a build never leaves a half-written server for another process to start.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(apiDir, 'dist');
// esbuild ships with tsx (a dependency of the API): no extra package.
const esbuild = createRequire(createRequire(path.join(apiDir, 'package.json')).resolve('tsx/package.json'))('esbuild');

/** Bare imports other than our workspace packages stay external, as a relative path to the resolved file. */
const externals = {
  name: 'externals-by-path',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@receptoria/') || args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
      if (args.kind === 'entry-point') return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0 || !resolved.path || !path.isAbsolute(resolved.path)) return { path: args.path, external: true };
      let relative = path.relative(outDir, resolved.path).split(path.sep).join('/');
      if (!relative.startsWith('.')) relative = `./${relative}`;
      return { path: relative, external: true };
    });
  },
};

/** Each bundled source file keeps its own import.meta.url. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
const result = await esbuild.build({
  absWorkingDir: apiDir,
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts', 'install-embedded': 'src/install-embedded.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['node', 'import'],
  // As Node resolves a bare import of a package without "exports": its "main" (a "module" entry may be
  // bundler-only ESM without file extensions, e.g. @aws-sdk/client-s3's dist-es).
  mainFields: ['main', 'module'],
  sourcemap: 'linked',
  write: false,
  logLevel: 'warning',
  plugins: [externals, sourceUrls],
  // Bundled CommonJS helpers (if any) need require in an ES module.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
await mkdir(outDir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
process.stdout.write(`API compiled into ${path.relative(process.cwd(), outDir) || 'dist'} in ${Date.now() - started} ms\n`);
