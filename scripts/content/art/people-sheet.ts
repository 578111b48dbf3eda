/**
 * Contact sheets for the people rig (visual check). Run: npx tsx scripts/content/art/people-sheet.ts
 * Writes SVG + PNG sheets to /tmp/people-sheets/ (PNG via rsvg-convert, or sharp if available).
 *   people-<mood>.png      rows = people, columns = poses
 *   moods-<who>.png        rows = poses, columns = moods (lele, mom)
 *   guides-happy.png       like people-happy with anchor, hand point and bounding box overlays
 *   small-150.png          every person standing/running/reading/sleeping at ~150 px tall
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawPerson } from './people';
import type { Mood, PersonPose } from './types';
import { MOODS, PEOPLE, PERSON_POSES, type PersonId } from './vocabulary';

const args = process.argv.slice(2);
const focusArg = args.find((a) => a.startsWith('--focus='));
const whoArg = args.find((a) => a.startsWith('--who='));
const OUT = args.find((a) => !a.startsWith('--')) ?? '/tmp/people-sheets';
const PEOPLE_IDS = Object.keys(PEOPLE) as PersonId[];

interface Cell {
  who: PersonId;
  pose: PersonPose;
  mood: Mood;
  label: string;
}

function sheet(
  rows: Cell[][],
  opts: {
    cellW: number;
    cellH: number;
    scale: number;
    guides?: boolean;
    props?: boolean;
    title: string;
  },
): string {
  const { cellW, cellH, scale } = opts;
  const cols = Math.max(...rows.map((r) => r.length));
  const W = cols * cellW + 20;
  const H = rows.length * cellH + 50;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="#FFF8EC"/>`,
    `<text x="12" y="30" font-family="sans-serif" font-size="22" fill="#2D2A4A">${opts.title}</text>`,
  ];
  rows.forEach((row, ri) => {
    row.forEach((c, ci) => {
      const x0 = 10 + ci * cellW;
      const y0 = 40 + ri * cellH;
      const d = drawPerson(c.who, { pose: c.pose, mood: c.mood });
      const ax = x0 + cellW / 2;
      const ground = y0 + cellH - 40;
      const seatH = c.pose === 'sit' ? d.box.y + d.box.height : 0;
      const ay = ground - seatH * scale;
      parts.push(
        `<rect x="${x0 + 2}" y="${y0 + 2}" width="${cellW - 4}" height="${cellH - 4}" rx="10" fill="${(ri + ci) % 2 ? '#EAF6FF' : '#F3FBEA'}"/>`,
        `<rect x="${x0 + 2}" y="${ground}" width="${cellW - 4}" height="38" fill="#CDEBB8"/>`,
        `<g transform="translate(${ax} ${ay}) scale(${scale})">`,
      );
      if (c.pose === 'sit') {
        const h = Math.round(seatH - 4);
        parts.push(
          `<rect x="-42" y="-4" width="84" height="10" rx="4" fill="#C98B5A"/><rect x="-36" y="4" width="8" height="${h}" fill="#B07548"/><rect x="28" y="4" width="8" height="${h}" fill="#B07548"/>`,
        );
      }
      parts.push(d.svg);
      if (opts.props && ['hold', 'eat', 'wave', 'point', 'run', 'walk'].includes(c.pose)) {
        // a stand-in prop (an apple) centred on the hand point
        parts.push(
          `<circle cx="${d.hand.x}" cy="${d.hand.y}" r="15" fill="#E84A4A"/><path d="M${d.hand.x} ${d.hand.y - 14}q2-8 8-9" stroke="#5CC86B" stroke-width="3" fill="none"/>`,
        );
      }
      if (opts.guides) {
        parts.push(
          `<rect x="${d.box.x}" y="${d.box.y}" width="${d.box.width}" height="${d.box.height}" fill="none" stroke="#F2609E" stroke-width="1.5"/>`,
          `<circle cx="${d.hand.x}" cy="${d.hand.y}" r="6" fill="none" stroke="#E84A4A" stroke-width="2.5"/>`,
          `<path d="M-8 0h16M0-8v16" stroke="#2D2A4A" stroke-width="2"/>`,
        );
      }
      parts.push(
        '</g>',
        `<text x="${x0 + 10}" y="${y0 + cellH - 12}" font-family="sans-serif" font-size="14" fill="#2D2A4A">${c.label}${opts.guides ? ` ${d.width}×${d.height} ${(d.svg.length / 1024).toFixed(1)}K` : ''}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}

function write(name: string, svg: string): void {
  const svgPath = join(OUT, `${name}.svg`);
  const pngPath = join(OUT, `${name}.png`);
  writeFileSync(svgPath, svg);
  execFileSync('rsvg-convert', ['-o', pngPath, svgPath]);
  console.log(pngPath);
}

mkdirSync(OUT, { recursive: true });

if (focusArg) {
  // npx tsx people-sheet.ts --focus=run,sleep[:mood] → focus.png, everyone in those poses, big
  const [poses = '', mood = 'happy'] = focusArg.slice(8).split(':');
  const whos = whoArg ? (whoArg.slice(6).split(',') as PersonId[]) : PEOPLE_IDS;
  const rows = poses
    .split(',')
    .flatMap((pose) =>
      mood === 'all'
        ? whos.map((who) =>
            MOODS.map((m) => ({ who, pose: pose as PersonPose, mood: m, label: `${who} ${m}` })),
          )
        : [whos.map((who) => ({ who, pose: pose as PersonPose, mood: mood as Mood, label: who }))],
    );
  const props = args.includes('--props');
  write(
    'focus',
    sheet(rows, { cellW: 300, cellH: 400, scale: 1, guides: !props, props, title: focusArg }),
  );
  process.exit(0);
}

for (const mood of MOODS) {
  const rows = PEOPLE_IDS.map((who) =>
    PERSON_POSES.map((pose) => ({ who, pose, mood, label: `${who} ${pose}` })),
  );
  write(
    `people-${mood}`,
    sheet(rows, { cellW: 170, cellH: 250, scale: 0.55, title: `mood: ${mood}` }),
  );
}

const guideRows = PEOPLE_IDS.map((who) =>
  PERSON_POSES.map((pose) => ({ who, pose, mood: 'happy' as Mood, label: pose })),
);
write(
  'guides-happy',
  sheet(guideRows, { cellW: 200, cellH: 260, scale: 0.55, guides: true, title: 'guides' }),
);

for (const who of ['lele', 'mom'] as const) {
  const rows = PERSON_POSES.map((pose) =>
    MOODS.map((mood) => ({ who, pose, mood, label: `${pose} ${mood}` })),
  );
  write(
    `moods-${who}`,
    sheet(rows, {
      cellW: 230,
      cellH: who === 'mom' ? 300 : 250,
      scale: 0.8,
      title: `${who}: moods`,
    }),
  );
}

// Zoomed detail for a few poses per person, at two sizes.
for (const part of [PEOPLE_IDS.slice(0, 5), PEOPLE_IDS.slice(5)]) {
  const rows = part.map((who) =>
    PERSON_POSES.slice(0, 7).map((pose) => ({ who, pose, mood: 'happy' as Mood, label: pose })),
  );
  const rows2 = part.map((who) =>
    PERSON_POSES.slice(7).map((pose) => ({ who, pose, mood: 'happy' as Mood, label: pose })),
  );
  const tag = part[0] ?? 'x';
  write(`zoom-${tag}-a`, sheet(rows, { cellW: 300, cellH: 400, scale: 1, title: 'zoom' }));
  write(`zoom-${tag}-b`, sheet(rows2, { cellW: 300, cellH: 400, scale: 1, title: 'zoom' }));
}

// Everyone at roughly the real 150 px height of a standing figure.
const smallRows = (['stand', 'run', 'read', 'sleep', 'sit'] as const).map((pose) =>
  PEOPLE_IDS.map((who) => ({ who, pose, mood: 'happy' as Mood, label: who })),
);
write(
  'small-150',
  sheet(smallRows, {
    cellW: 130,
    cellH: 190,
    scale: 150 / 330,
    title: 'adults ≈150px, kids ≈105px',
  }),
);
