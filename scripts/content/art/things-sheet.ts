/**
 * Contact sheets for the animal and prop drawings, for eyeballing the art.
 *
 * Usage: npx tsx scripts/content/art/things-sheet.ts [animals|props|all]
 *        npx tsx scripts/content/art/things-sheet.ts zoom id,id,… (big cells: poses or colours)
 * Writes SVG and PNG files (PNG via `rsvg-convert`, if installed) to /tmp/things-sheets/.
 * Each cell shows the drawing scaled to fit, its reported box (dashed) and anchor (red cross).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawAnimal } from './animals';
import { drawProp } from './props';
import type { Drawing } from './types';
import {
  ANIMAL_POSES,
  ANIMALS,
  type AnimalId,
  COLORS,
  MOODS,
  PROPS,
  type PropId,
} from './vocabulary';

const what = process.argv[2] ?? 'all';
const OUT = '/tmp/things-sheets';
mkdirSync(OUT, { recursive: true });

const ANIMAL_IDS = Object.keys(ANIMALS) as AnimalId[];
const PROP_IDS = Object.keys(PROPS) as PropId[];
const COLORED = PROP_IDS.filter((id) => PROPS[id].includes('(color)'));

interface Cell {
  d: Drawing;
  label: string;
  centre: boolean;
  /** Fixed scale instead of fit-to-cell. */
  scale?: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function cellSvg(c: Cell, x: number, y: number, w: number, h: number, bg: string): string {
  const pad = 10;
  const labelH = 18;
  const fit = Math.min((w - pad * 2) / c.d.width, (h - pad * 2 - labelH) / c.d.height, 3);
  const k = c.scale ?? fit;
  const cx = x + w / 2;
  const ay = c.centre ? y + (h - labelH) / 2 : y + (h - labelH) / 2 + (c.d.height * k) / 2;
  const bx = -c.d.width / 2;
  const by = c.centre ? -c.d.height / 2 : -c.d.height;
  const sw = 1 / k;
  return (
    `<rect x="${x + 2}" y="${y + 2}" width="${w - 4}" height="${h - 4}" rx="8" fill="${bg}"/>` +
    `<g transform="translate(${cx} ${ay}) scale(${k})">${c.d.svg}` +
    `<rect x="${bx}" y="${by}" width="${c.d.width}" height="${c.d.height}" fill="none" stroke="#E84A4A" stroke-width="${sw}" stroke-dasharray="${4 * sw} ${3 * sw}" opacity=".5"/>` +
    `<path d="M${-6 * sw} 0H${6 * sw}M0 ${-6 * sw}V${6 * sw}" stroke="#E84A4A" stroke-width="${1.5 * sw}"/></g>` +
    `<text x="${cx}" y="${y + h - 7}" font-family="DejaVu Sans, sans-serif" font-size="11" text-anchor="middle" fill="#2D2A4A">${esc(c.label)}</text>`
  );
}

function sheet(name: string, cells: Cell[], cols: number, w: number, h: number): void {
  const rows = Math.ceil(cells.length / cols);
  let body = '';
  cells.forEach((c, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    body += cellSvg(c, col * w, row * h, w, h, (row + col) % 2 ? '#EAF6FF' : '#F1FAE8');
  });
  write(name, cols * w, rows * h, body);
}

function write(name: string, W: number, H: number, body: string): void {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#FFFFFF"/>${body}</svg>\n`;
  const file = join(OUT, `${name}.svg`);
  writeFileSync(file, svg);
  try {
    execFileSync('rsvg-convert', [file, '-o', join(OUT, `${name}.png`)]);
    console.log(`wrote ${join(OUT, `${name}.png`)}`);
  } catch {
    console.log(`wrote ${file} (no rsvg-convert for PNG)`);
  }
}

/** A mock page: things at natural size standing on ground lines. */
function scalePage(
  name: string,
  items: Array<{ d: Drawing; centre: boolean }>,
  rows: number,
): void {
  const W = 1280;
  const H = 800 * (rows / 2);
  let body = `<rect width="${W}" height="${H}" fill="#DDF1FF"/>`;
  const perRow = Math.ceil(items.length / rows);
  for (let r = 0; r < rows; r++) {
    const ground = ((r + 1) * H) / rows - 20;
    body += `<rect x="0" y="${ground}" width="${W}" height="${H / rows - (H / rows - 20)}" fill="#BFE3A5"/>`;
    const row = items.slice(r * perRow, (r + 1) * perRow);
    const total = row.reduce((s, it) => s + it.d.width, 0);
    const gap = Math.max(4, (W - total) / (row.length + 1));
    let x = gap;
    for (const it of row) {
      const ax = x + it.d.width / 2;
      const ay = it.centre ? ground - it.d.height / 2 : ground;
      body += `<g transform="translate(${ax} ${ay})">${it.d.svg}</g>`;
      x += it.d.width + gap;
    }
  }
  write(name, W, H, body);
}

if (what === 'animals' || what === 'all') {
  for (let p = 0; p * 7 < ANIMAL_IDS.length; p++) {
    const ids = ANIMAL_IDS.slice(p * 7, p * 7 + 7);
    const cells: Cell[] = [];
    for (const id of ids) {
      for (const pose of ANIMAL_POSES) {
        cells.push({
          d: drawAnimal(id, { pose }),
          label: `${id} ${pose}`,
          centre: pose === 'fly' || pose === 'swim',
        });
      }
    }
    sheet(`animals-poses-${p + 1}`, cells, 7, 190, 180);
    const moods: Cell[] = [];
    for (const id of ids) {
      for (const mood of MOODS)
        moods.push({ d: drawAnimal(id, { mood }), label: `${id} ${mood}`, centre: false });
    }
    sheet(`animals-moods-${p + 1}`, moods, 6, 200, 190);
  }
  scalePage(
    'animals-scale',
    ANIMAL_IDS.map((id) => ({ d: drawAnimal(id, {}), centre: false })),
    2,
  );
  console.log('animals:', ANIMAL_IDS.join(', '));
}

if (what === 'props' || what === 'all') {
  sheet(
    'props',
    PROP_IDS.map((id) => ({ d: drawProp(id, {}), label: id, centre: true })),
    10,
    128,
    128,
  );
  const cells: Cell[] = [];
  for (const id of COLORED) {
    for (const color of COLORS)
      cells.push({ d: drawProp(id, { color }), label: `${id} ${color}`, centre: true });
  }
  sheet('props-colors', cells, 10, 128, 120);
  scalePage(
    'props-scale',
    PROP_IDS.map((id) => ({ d: drawProp(id, {}), centre: true })),
    4,
  );
  console.log('props:', PROP_IDS.map((id, i) => `${i + 1}.${id}`).join(' '));
}

if (what === 'zoom') {
  const ids = (process.argv[3] ?? '').split(',').filter(Boolean);
  const cells: Cell[] = [];
  for (const id of ids) {
    if (id in ANIMALS) {
      for (const pose of ANIMAL_POSES) {
        cells.push({
          d: drawAnimal(id as AnimalId, { pose }),
          label: `${id} ${pose}`,
          centre: pose === 'fly' || pose === 'swim',
        });
      }
    } else if (id in PROPS) {
      cells.push({ d: drawProp(id as PropId, {}), label: id, centre: true });
    }
  }
  sheet('zoom', cells, 4, 320, 300);
}
