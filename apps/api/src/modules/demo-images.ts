import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { StorageProvider } from '../storage';

// Demo images for seeded banners: horizontal two-colour gradients encoded as PNG (no image library needed).

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const rgb = (hex: string) =>
  [0, 2, 4].map((i) => Number.parseInt(hex.slice(1 + i, 3 + i), 16)) as [number, number, number];

/** A width × height PNG fading from one colour to another, left to right, with a soft band in the middle. */
export function gradientPng(width: number, height: number, from: string, to: string): Buffer {
  const a = rgb(from);
  const b = rgb(to);
  const line = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) {
    const t = x / Math.max(1, width - 1);
    for (let c = 0; c < 3; c++) line[1 + x * 3 + c] = Math.round(a[c]! + (b[c]! - a[c]!) * t);
  }
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const band = Math.abs(y / height - 0.5) < 0.12 ? 18 : 0;
    rows.push(band ? Buffer.from(line.map((v, i) => (i === 0 ? 0 : Math.min(255, v + band)))) : line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores a generated demo image under `key` (nothing without storage: tests that do not need the files). */
export async function storeDemoImage(
  storage: StorageProvider | undefined,
  key: string,
  data: Buffer,
): Promise<string> {
  if (!storage) return key;
  await mkdir(storage.tmpDir, { recursive: true });
  const file = path.join(storage.tmpDir, `demo-${process.pid}-${key.replace(/\W/g, '_')}`);
  await writeFile(file, data);
  await storage.putFile({ key, file, contentType: 'image/png', size: data.length });
  return key;
}
