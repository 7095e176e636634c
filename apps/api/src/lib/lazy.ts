import { createRequire } from 'node:module';

/**
 * Libraries that only some requests use (spreadsheets, ZIPs, PDFs, Word templates, S3, Google), loaded
 * at their first use instead of when the API starts: loading and compiling them took about a fifth of a
 * start (issue 40). Each loader loads its library once; a failed load is tried again on the next call.
 * Their types are imported with `import type` where used.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

export const cargarExcel = once(() => import('exceljs').then((m) => m.default));
export const cargarArchiver = once(() => import('archiver').then((m) => m.default));
export const cargarPdfLib = once(() => import('pdf-lib'));
export const cargarPlaceholderPdf = once(() => import('@signpdf/placeholder-pdf-lib'));
export const cargarS3 = once(() => import('@aws-sdk/client-s3'));
export const cargarGoogleAuth = once(() => import('google-auth-library'));
export const cargarGoogleDocs = once(() => import('@googleapis/docs'));
export const cargarGoogleDrive = once(() => import('@googleapis/drive'));
export const cargarGmail = once(() => import('@googleapis/gmail'));

const requerir = createRequire(import.meta.url);

/** For code that stays synchronous (its callers include the benchmarks): a CommonJS library required at its first call. */
function onceSync<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}

export const requerirDocxtemplater = onceSync(() => requerir('docxtemplater') as typeof import('docxtemplater'));
export const requerirForge = onceSync(() => requerir('node-forge') as typeof import('node-forge'));
