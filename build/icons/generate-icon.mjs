// Writes the app icon at every size the installers use, from one drawing (a teal rounded square with
// two white transfer bars), with only node:zlib: `node build/icons/generate-icon.mjs`.
//   build/icons/icon.png           1024×1024, the source electron-builder falls back to
//   build/icons/png/NxN.png        Linux (AppImage, deb): 16 … 1024
//   build/icons/icon.ico           Windows (nsis, the exe): 16 … 256
//   build/icons/icon.icns          macOS (dmg, the app bundle): 16 … 1024, with the @2x variants
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/** Sizes of build/icons/png. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
/** Sizes inside icon.ico (256 is the largest an ICO entry describes). */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** icns entry types and their pixel sizes (PNG-encoded entries, as macOS 10.7+ reads them). */
export const ICNS_ENTRIES = [['icp4', 16], ['icp5', 32], ['icp6', 64], ['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024], ['ic11', 32], ['ic12', 64], ['ic13', 256], ['ic14', 512]];

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

/** The icon as a PNG of `size`×`size` pixels (the drawing is defined on a 512 grid and scaled). */
export function iconPng(size) {
  const k = size / 512;
  const cover = (d) => Math.min(1, Math.max(0, 0.5 - d)); // one-pixel anti-aliased edge
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const t = py / size; // vertical gradient from #1FA38A to #13665A
      let [r, g, b] = [31 + (19 - 31) * t, 163 + (102 - 163) * t, 138 + (90 - 138) * t];
      const bar = (cy) => cover(roundedRect(px, py, 256 * k, cy * k, 130 * k, 26 * k, 26 * k));
      const bars = Math.max(bar(200), bar(312));
      r += (255 - r) * bars;
      g += (255 - g) * bars;
      b += (255 - b) * bars;
      const alpha = cover(roundedRect(px, py, 256 * k, 256 * k, 232 * k, 232 * k, 96 * k));
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = Math.round(r);
      raw[o + 1] = Math.round(g);
      raw[o + 2] = Math.round(b);
      raw[o + 3] = Math.round(alpha * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An .ico holding PNG-encoded images (Windows Vista and later read them). */
export function icoOf(images) {
  const dir = Buffer.alloc(6 + 16 * images.length);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(images.length, 4);
  let offset = dir.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    dir[e] = size >= 256 ? 0 : size; // 0 means 256
    dir[e + 1] = size >= 256 ? 0 : size;
    dir.writeUInt16LE(1, e + 4); // colour planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(png.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([dir, ...images.map((i) => i.png)]);
}

/** An .icns holding PNG-encoded entries. */
export function icnsOf(entries) {
  const parts = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = new URL('./', import.meta.url);
  const pngs = new Map();
  const png = (size) => {
    if (!pngs.has(size)) pngs.set(size, iconPng(size));
    return pngs.get(size);
  };
  mkdirSync(new URL('./png/', dir), { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(new URL(`./png/${size}x${size}.png`, dir), png(size));
  writeFileSync(new URL('./icon.png', dir), png(1024));
  writeFileSync(new URL('./icon.ico', dir), icoOf(ICO_SIZES.map((size) => ({ size, png: png(size) }))));
  writeFileSync(new URL('./icon.icns', dir), icnsOf(ICNS_ENTRIES.map(([type, size]) => ({ type, png: png(size) }))));
  console.log(`wrote build/icons: icon.png, icon.ico, icon.icns and png/ (${LINUX_SIZES.join(', ')})`);
}
