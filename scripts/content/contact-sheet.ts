/**
 * `npx tsx scripts/content/contact-sheet.ts [--out dir] [slug …]`: one PNG per book with its
 * cover and every page (from the built images), for looking at the whole library.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZBookManifest } from '@picbook/content';
import sharp from 'sharp';

const repo = path.resolve(import.meta.dirname, '../..');
const media = path.join(repo, 'content/media');
const { values, positionals } = parseArgs({
  options: { out: { type: 'string', default: '/tmp/contact-sheets' } },
  allowPositionals: true,
});
const out = values.out ?? '/tmp/contact-sheets';
fs.mkdirSync(out, { recursive: true });

const CELL_W = 320;
const CELL_H = 200;
const COLS = 4;
for (const id of fs.readdirSync(path.join(media, 'books')).sort()) {
  const manifest = ZBookManifest.parse(
    JSON.parse(fs.readFileSync(path.join(media, 'books', id, 'manifest.json'), 'utf8')),
  );
  if (positionals.length > 0 && !positionals.includes(manifest.slug)) continue;
  const files = [manifest.cover.image_small, ...manifest.pages.map((p) => p.image_small)].map((u) =>
    path.join(media, u.replace('/media/', '')),
  );
  const rows = Math.ceil(files.length / COLS);
  const tiles = await Promise.all(
    files.map((f) =>
      sharp(f)
        .resize({ width: CELL_W, height: CELL_H, fit: 'contain', background: '#fff9f0' })
        .png()
        .toBuffer(),
    ),
  );
  const sheet = sharp({
    create: {
      width: COLS * (CELL_W + 8) + 8,
      height: rows * (CELL_H + 8) + 8,
      channels: 3,
      background: '#e8e2d8',
    },
  })
    .composite(
      tiles.map((input, i) => ({
        input,
        left: 8 + (i % COLS) * (CELL_W + 8),
        top: 8 + Math.floor(i / COLS) * (CELL_H + 8),
      })),
    )
    .png();
  const file = path.join(out, `${manifest.level}-${manifest.id}-${manifest.slug}.png`);
  await sheet.toFile(file);
  console.log(file);
}
