import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON and other text answers of 1 KB or more (brotli, else gzip) for clients that accept
 * it. The web app's files are compressed once at build time and sent as they are (plugins/web-app.ts);
 * answers that already carry a Content-Encoding, partial content and binary files (PDF, Excel, DOCX)
 * are left alone.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compression' },
);
