import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

// A built web app as apps/web/vite.config.ts writes it: hashed assets with .br and .gz beside them.
const script = `export const screen = ${JSON.stringify('Receptoría '.repeat(400))};\n`;
const ASSET = '/assets/index-Ab12Cd34.js';

let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'receptoria-web-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="es"><body><div id="root"></div></body></html>');
  const file = path.join(webDist, ASSET);
  await writeFile(file, script);
  await writeFile(`${file}.br`, brotliCompressSync(script));
  await writeFile(`${file}.gz`, gzipSync(script));
  await writeFile(`${file}.map`, '{"version":3,"sources":["src/main.tsx"]}');
  t = await createTestContext({ webDist });
});

afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('web app files', () => {
  it('sends a hashed asset brotli-compressed, cached for a year as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that only accepts gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves source maps', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${ASSET}.map` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('sources');
  });

  it('answers the app page for client routes, to be checked again on every visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it(`compresses JSON of ${COMPRESSION_THRESHOLD_BYTES} bytes or more for a client that accepts it`, async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzipped = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses an authenticated list and leaves small answers as they are', async () => {
    const token = await t.login('admin');
    const url = '/api/v1/encargos/comunas/';
    const plain = await t.request(token, { method: 'GET', url });
    const gzipped = await t.request(token, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });
});
