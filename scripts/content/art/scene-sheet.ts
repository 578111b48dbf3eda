/**
 * Contact sheets of composed scenes, for eyeballing backgrounds and compositions.
 *
 * Usage: npx tsx scripts/content/art/scene-sheet.ts [backgrounds|variants|covers|scenes|all]
 *
 * Writes one PNG per scene and a labelled contact sheet per group to /tmp/scene-sheets/:
 * - backgrounds: every background by day with two figures on it (page canvas);
 * - variants:    evening, night, rain, snow, wind and autumn leaves on a spread of places;
 * - covers:      every background on the square cover canvas;
 * - scenes:      sample pages and covers as a book would describe them.
 * A scene that fails to render shows as a red cell with the error (the run carries on).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderScene } from './compose';
import { renderPng } from './render';
import type { CastItem, Scene } from './types';
import { BACKGROUNDS, COVER_CANVAS, PAGE_CANVAS } from './vocabulary';

const OUT = '/tmp/scene-sheets';
const TILE_W = 420;
const LABEL_H = 26;
const GAP = 10;
const COLUMNS = 4;

interface Entry {
  name: string;
  scene: Scene;
  cover?: boolean;
}

type BackgroundId = keyof typeof BACKGROUNDS;
const BG_IDS = Object.keys(BACKGROUNDS) as BackgroundId[];

/** A fitting pair of figures for each place. */
const PAIRS: Record<BackgroundId, [CastItem, CastItem]> = {
  home_living: [
    { who: 'mom', pose: 'wave', x: 0.38 },
    { who: 'duoduo', pose: 'clap', mood: 'excited', x: 0.56, face: 'left' },
  ],
  home_kitchen: [
    { who: 'dad', pose: 'hold', x: 0.42, holding: 'noodles' },
    { who: 'lele', pose: 'eat', x: 0.6, face: 'left', holding: 'apple' },
  ],
  home_bedroom: [
    { who: 'lele', pose: 'read', x: 0.45, holding: 'book', holdingColor: 'blue' },
    { who: 'mimi', pose: 'sleep', x: 0.6 },
  ],
  classroom: [
    { who: 'teacher', pose: 'point', x: 0.36 },
    { who: 'xiaoyu', pose: 'wave', mood: 'excited', x: 0.6, face: 'left' },
  ],
  school_yard: [
    { who: 'haohao', pose: 'run', mood: 'excited', x: 0.4 },
    { who: 'lele', pose: 'run', x: 0.6 },
  ],
  library: [
    { who: 'xiaoyu', pose: 'read', x: 0.4 },
    { who: 'lele', pose: 'think', x: 0.6, face: 'left' },
  ],
  park: [
    { who: 'lele', pose: 'point', mood: 'excited', x: 0.36 },
    { who: 'bobo', pose: 'run', x: 0.56 },
  ],
  street: [
    { who: 'mom', pose: 'walk', x: 0.4, holding: 'umbrella', holdingColor: 'yellow' },
    { who: 'duoduo', pose: 'walk', x: 0.55 },
  ],
  supermarket: [
    { who: 'dad', pose: 'hold', x: 0.42, holding: 'banana' },
    { who: 'lele', pose: 'point', x: 0.58, face: 'left' },
  ],
  farm: [
    { who: 'grandma', pose: 'wave', x: 0.42 },
    { who: 'hen', pose: 'eat', x: 0.6 },
  ],
  field: [
    { who: 'grandpa', pose: 'walk', x: 0.38 },
    { who: 'lele', pose: 'jump', mood: 'excited', x: 0.56 },
  ],
  river: [
    { who: 'grandpa', pose: 'point', x: 0.35 },
    { who: 'duck', pose: 'swim', x: 0.55, y: 0.68 },
  ],
  forest: [
    { who: 'lele', pose: 'walk', x: 0.4 },
    { who: 'squirrel', pose: 'stand', x: 0.58, face: 'left' },
  ],
  mountain: [
    { who: 'dad', pose: 'walk', x: 0.38 },
    { who: 'lele', pose: 'wave', mood: 'excited', x: 0.55 },
  ],
  beach: [
    { who: 'duoduo', pose: 'sit', x: 0.42 },
    { who: 'lele', pose: 'hold', x: 0.58, holding: 'bucket', face: 'left' },
  ],
  zoo: [
    { who: 'lele', pose: 'point', mood: 'surprised', x: 0.38 },
    { who: 'panda', pose: 'eat', x: 0.6, face: 'left' },
  ],
  garden: [
    { who: 'mom', pose: 'hold', x: 0.42, holding: 'flower', holdingColor: 'pink' },
    { who: 'duoduo', pose: 'clap', x: 0.58, face: 'left' },
  ],
  festival_street: [
    { who: 'grandpa', pose: 'hold', x: 0.4, holding: 'lantern' },
    { who: 'duoduo', pose: 'jump', mood: 'excited', x: 0.56, holding: 'red_envelope' },
  ],
  night_sky: [
    { who: 'grandma', pose: 'point', x: 0.38 },
    { who: 'lele', pose: 'stand', mood: 'surprised', x: 0.54, face: 'left' },
  ],
};

function backgrounds(): Entry[] {
  return BG_IDS.map((bg) => ({ name: `bg-${bg}`, scene: { bg, cast: PAIRS[bg] } }));
}

function covers(): Entry[] {
  return BG_IDS.map((bg) => ({
    name: `cover-${bg}`,
    scene: { bg, cast: PAIRS[bg] },
    cover: true,
  }));
}

function variants(): Entry[] {
  const out: Entry[] = [];
  const add = (bg: BackgroundId, time: Scene['time'], weather: Scene['weather']) =>
    out.push({
      name: `var-${bg}-${time}-${weather}`,
      scene: { bg, time, weather, cast: PAIRS[bg] },
    });
  for (const bg of ['home_living', 'home_bedroom', 'street', 'park', 'farm'] as const) {
    add(bg, 'evening', 'clear');
    add(bg, 'night', 'clear');
  }
  for (const bg of ['school_yard', 'street', 'home_kitchen', 'forest'] as const) {
    add(bg, 'day', 'rain');
  }
  for (const bg of ['park', 'festival_street', 'mountain', 'home_living'] as const) {
    add(bg, 'day', 'snow');
  }
  for (const bg of ['field', 'beach', 'classroom'] as const) add(bg, 'day', 'wind');
  for (const bg of ['forest', 'park', 'garden', 'library'] as const) add(bg, 'day', 'leaves');
  add('festival_street', 'night', 'snow');
  add('night_sky', 'night', 'clear');
  add('river', 'evening', 'rain');
  return out;
}

function scenes(): Entry[] {
  return [
    {
      name: 'scene-red-kite-cover',
      cover: true,
      scene: {
        bg: 'park',
        cast: [{ who: 'lele', pose: 'point', mood: 'excited', x: 0.4 }],
        props: [{ what: 'kite', color: 'red', x: 0.7, y: 0.25 }],
      },
    },
    {
      name: 'scene-red-kite-page',
      scene: {
        bg: 'park',
        weather: 'wind',
        cast: [
          { who: 'dad', pose: 'hold', x: 0.3, holding: 'kite', holdingColor: 'red' },
          { who: 'lele', pose: 'point', mood: 'excited', x: 0.48, face: 'right' },
          { who: 'bobo', pose: 'run', x: 0.62 },
        ],
        props: [
          { what: 'kite', color: 'blue', x: 0.74, y: 0.2 },
          { what: 'cloud', x: 0.45, y: 0.15, size: 0.8 },
        ],
      },
    },
    {
      name: 'scene-new-year-night',
      scene: {
        bg: 'festival_street',
        time: 'night',
        cast: [
          { who: 'grandma', pose: 'hold', x: 0.3, holding: 'dumplings' },
          { who: 'duoduo', pose: 'jump', mood: 'excited', x: 0.47, holding: 'red_envelope' },
          { who: 'lele', pose: 'hold', x: 0.62, holding: 'lantern', face: 'left' },
        ],
      },
    },
    {
      name: 'scene-bedtime',
      scene: {
        bg: 'home_bedroom',
        time: 'night',
        cast: [
          { who: 'mom', pose: 'read', x: 0.46, holding: 'book', holdingColor: 'purple' },
          { who: 'duoduo', pose: 'sleep', mood: 'sleepy', x: 0.66 },
        ],
        props: [{ what: 'moon', x: 0.86, y: 0.14, size: 0.6 }],
      },
    },
    {
      name: 'scene-mid-autumn',
      scene: {
        bg: 'night_sky',
        time: 'night',
        cast: [
          { who: 'grandpa', pose: 'point', x: 0.3 },
          { who: 'lele', pose: 'eat', x: 0.45, holding: 'mooncake' },
          { who: 'mimi', pose: 'sit', x: 0.56 },
        ],
      },
    },
    {
      name: 'scene-first-snow',
      scene: {
        bg: 'park',
        weather: 'snow',
        cast: [
          { who: 'lele', pose: 'jump', mood: 'excited', x: 0.34 },
          { who: 'xiaoyu', pose: 'clap', mood: 'happy', x: 0.5 },
        ],
        props: [{ what: 'snowman', x: 0.66, y: 0.7, size: 1.1 }],
      },
    },
    {
      name: 'scene-rainy-walk',
      scene: {
        bg: 'street',
        weather: 'rain',
        cast: [
          { who: 'dad', pose: 'walk', x: 0.38, holding: 'umbrella', holdingColor: 'blue' },
          { who: 'lele', pose: 'walk', x: 0.52, holding: 'umbrella', holdingColor: 'yellow' },
        ],
      },
    },
    {
      name: 'scene-farm-morning',
      scene: {
        bg: 'farm',
        cast: [
          { who: 'grandma', pose: 'hold', x: 0.36, holding: 'egg' },
          { who: 'hen', pose: 'stand', x: 0.5 },
          { who: 'chick', pose: 'eat', x: 0.56, size: 0.9 },
          { who: 'cow', pose: 'eat', x: 0.76, face: 'left' },
        ],
      },
    },
    {
      name: 'scene-beach-cover',
      cover: true,
      scene: {
        bg: 'beach',
        cast: [
          { who: 'lele', pose: 'hold', x: 0.42, holding: 'bucket' },
          { who: 'duoduo', pose: 'sit', x: 0.62 },
        ],
        props: [{ what: 'sandcastle', x: 0.78, y: 0.75, size: 0.9 }],
      },
    },
    {
      name: 'scene-classroom',
      scene: {
        bg: 'classroom',
        cast: [
          { who: 'teacher', pose: 'point', x: 0.3 },
          { who: 'haohao', pose: 'think', x: 0.5, face: 'left' },
          { who: 'xiaoyu', pose: 'wave', mood: 'excited', x: 0.66, face: 'left' },
        ],
      },
    },
    {
      name: 'scene-zoo-panda',
      scene: {
        bg: 'zoo',
        cast: [
          { who: 'panda', pose: 'eat', x: 0.58, y: 0.72, size: 1.1 },
          { who: 'lele', pose: 'point', mood: 'surprised', x: 0.3 },
          { who: 'dad', pose: 'stand', x: 0.42 },
        ],
      },
    },
    {
      name: 'scene-garden-evening',
      scene: {
        bg: 'garden',
        time: 'evening',
        cast: [
          { who: 'mom', pose: 'hold', x: 0.4, holding: 'flower', holdingColor: 'yellow' },
          { who: 'duoduo', pose: 'hug', x: 0.55, face: 'left' },
          { who: 'butterfly', pose: 'fly', x: 0.66, y: 0.42 },
        ],
      },
    },
  ];
}

/** sharp's composite() input item (named differently across sharp versions' typings). */
type Overlay = NonNullable<Parameters<ReturnType<typeof sharp>['composite']>[0]>[number];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

interface Tile {
  name: string;
  png?: Buffer;
  error?: string;
  height: number;
}

async function renderEntry(e: Entry): Promise<Tile> {
  const canvas = e.cover ? COVER_CANVAS : PAGE_CANVAS;
  const tileH = Math.round((TILE_W * canvas.height) / canvas.width);
  try {
    const svg = renderScene(e.scene, canvas);
    const full = await renderPng(svg, { width: canvas.width });
    writeFileSync(join(OUT, `${e.name}.png`), full);
    const png = await sharp(full).resize({ width: TILE_W }).png().toBuffer();
    return { name: e.name, png, height: tileH };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`✗ ${e.name}: ${message}`);
    return { name: e.name, error: message, height: tileH };
  }
}

async function contactSheet(title: string, entries: Entry[]): Promise<void> {
  const tiles: Tile[] = [];
  for (const e of entries) tiles.push(await renderEntry(e));
  const rowH = Math.max(...tiles.map((t) => t.height)) + LABEL_H + GAP;
  const rows = Math.ceil(tiles.length / COLUMNS);
  const width = COLUMNS * (TILE_W + GAP) + GAP;
  const height = rows * rowH + GAP + 40;
  let labels = `<text x="${GAP}" y="28" font-family="DejaVu Sans, sans-serif" font-size="20" font-weight="bold" fill="#2D2A4A">${esc(title)}</text>`;
  const composites: Overlay[] = [];
  tiles.forEach((t, i) => {
    const left = GAP + (i % COLUMNS) * (TILE_W + GAP);
    const top = 40 + GAP + Math.floor(i / COLUMNS) * rowH;
    labels += `<text x="${left + 4}" y="${top + t.height + 18}" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#2D2A4A">${esc(t.name)}</text>`;
    if (t.png) composites.push({ input: t.png, left, top });
    else {
      labels += `<rect x="${left}" y="${top}" width="${TILE_W}" height="${t.height}" fill="#FDE2E2"/><text x="${left + 8}" y="${top + 24}" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#B42318">${esc((t.error ?? '').slice(0, 60))}</text>`;
    }
  });
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels}</svg>`,
  );
  const file = join(OUT, `sheet-${title}.png`);
  await sharp({ create: { width, height, channels: 3, background: '#F4F1EA' } })
    .composite([...composites, { input: overlay, left: 0, top: 0 }])
    .png()
    .toFile(file);
  const failed = tiles.filter((t) => t.error).length;
  console.log(`${file}: ${tiles.length} scenes${failed ? `, ${failed} failed` : ''}`);
}

const GROUPS: Record<string, () => Entry[]> = { backgrounds, variants, covers, scenes };

async function main(): Promise<void> {
  const what = process.argv[2] ?? 'all';
  mkdirSync(OUT, { recursive: true });
  const names = what === 'all' ? Object.keys(GROUPS) : [what];
  for (const name of names) {
    const group = GROUPS[name];
    if (!group) throw new Error(`Unknown group "${name}" (${Object.keys(GROUPS).join(', ')}, all)`);
    await contactSheet(name, group());
  }
}

await main();
