// Draws the field mode's app icons (public/pwa-192.png, pwa-512.png, apple-touch-icon.png): a white map
// pin on the brand blue, inside the maskable safe zone so phones may crop it to any shape.
// Run again after changing the drawing: node apps/web/scripts/generate-pwa-icons.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x0c, 0x4c, 0x9d];
const FOREGROUND = [0xff, 0xff, 0xff];
const SAMPLES = 4;

/** Whether the unit-square point (x, y) is on the pin (head, point, less the hole). */
function onPin(x, y) {
  const cx = 0.5;
  const cy = 0.42;
  const r = 0.2;
  const tipY = 0.78;
  const dx = x - cx;
  const dy = y - cy;
  const distance = Math.hypot(dx, dy);
  if (distance < 0.085) return false;
  if (distance <= r) return true;
  // The point: between the two tangents from the tip to the head.
  const toTip = tipY - cy;
  // Below the points where the tangents touch the head.
  if (y < cy + (r * r) / toTip || y > tipY) return false;
  const halfAngle = Math.asin(r / toTip);
  const angle = Math.atan2(Math.abs(dx), tipY - y);
  return angle <= halfAngle;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (onPin((x + (sx + 0.5) / SAMPLES) / size, (y + (sy + 0.5) / SAMPLES) / size)) covered++;
        }
      }
      const share = covered / (SAMPLES * SAMPLES);
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.round(BACKGROUND[c] * (1 - share) + FOREGROUND[c] * share);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
for (const [name, size] of [
  ['pwa-192.png', 192],
  ['pwa-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  writeFileSync(path.join(publicDir, name), png(size));
}
