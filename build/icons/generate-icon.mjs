// Writes build/icons/icon.png (512x512 RGBA): a teal rounded square with two white transfer bars.
// Run with `node build/icons/generate-icon.mjs`; only node:zlib is needed to produce a valid PNG.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Signed distance to a rounded rectangle centred at (cx, cy). */
function roundedRect(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

const cover = (d) => Math.min(1, Math.max(0, 0.5 - d)); // one-pixel anti-aliased edge
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const px = x + 0.5;
    const py = y + 0.5;
    const t = py / SIZE; // vertical gradient from #1FA38A to #13665A
    let [r, g, b] = [31 + (19 - 31) * t, 163 + (102 - 163) * t, 138 + (90 - 138) * t];
    const bars = Math.max(cover(roundedRect(px, py, 256, 200, 130, 26, 26)), cover(roundedRect(px, py, 256, 312, 130, 26, 26)));
    r += (255 - r) * bars;
    g += (255 - g) * bars;
    b += (255 - b) * bars;
    const alpha = cover(roundedRect(px, py, 256, 256, 232, 232, 96));
    const o = y * (SIZE * 4 + 1) + 1 + x * 4;
    raw[o] = Math.round(r);
    raw[o + 1] = Math.round(g);
    raw[o + 2] = Math.round(b);
    raw[o + 3] = Math.round(alpha * 255);
  }
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // colour type RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`wrote build/icons/icon.png (${png.length} bytes)`);
