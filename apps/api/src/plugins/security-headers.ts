import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer: a CSP the built web app passes (Mantine writes its styles into
 * <style> elements and style attributes, hence 'unsafe-inline' for styles only; scripts come only
 * from our origin), no framing, nosniff, a strict referrer policy, and HSTS when the request
 * arrived over TLS (directly or through a trusted proxy) or when configured.
 */
const applyHelmet = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // The signing agent on the receiver's PC listens on loopback only (docs/firma.md).
      connectSrc: ["'self'", 'http://127.0.0.1:*'],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: false,
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet writes with this configuration. They depend on nothing in the request, so
 * helmet runs once, here, instead of parsing its configuration again on every request.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  applyHelmet({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeadersPlugin = fp<{ hsts?: boolean }>(
  async (app, { hsts }) => {
    const headers = helmetHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (hsts || request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
