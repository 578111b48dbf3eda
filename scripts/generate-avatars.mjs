#!/usr/bin/env node
/**
 * Generates the built-in avatar set as small standalone SVG files:
 *   content/media/avatars/boy-1..6.svg, girl-1..6.svg, zodiac-1..12.svg
 *
 * Everything is hand-placed vector shapes (no randomness, no timestamps), so running the
 * script again always produces byte-identical files. No dependencies beyond Node built-ins.
 *
 * Usage: node scripts/generate-avatars.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'content', 'media', 'avatars');

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/** Rounds to one decimal so computed coordinates are short and stable. */
const n = (x) => String(Math.round(x * 10) / 10);

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
function shade(hex, amount) {
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const parts = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16);
    return Math.round(c + (target - c) * a)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${parts.join('')}`;
}

const INK = '#2e2436';
const CHEEK = '#ff7f8f';
const MOUTH = '#8c3440';
const TONGUE = '#ff8a95';

/** The shared eye style: tall dark oval with a big and a small highlight. */
function eye(cx, cy, s = 1) {
  return (
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(7 * s)}" ry="${n(8.5 * s)}" fill="${INK}"/>` +
    `<circle cx="${n(cx + 2.4 * s)}" cy="${n(cy - 3 * s)}" r="${n(2.8 * s)}" fill="#fff"/>` +
    `<circle cx="${n(cx - 2.2 * s)}" cy="${n(cy + 3 * s)}" r="${n(1.2 * s)}" fill="#fff"/>`
  );
}

const eyes = (x1, x2, y, s = 1) => eye(x1, y, s) + eye(x2, y, s);

function cheeks(x1, x2, y, rx = 8, ry = 5) {
  return (
    `<ellipse cx="${x1}" cy="${y}" rx="${rx}" ry="${ry}" fill="${CHEEK}" opacity=".45"/>` +
    `<ellipse cx="${x2}" cy="${y}" rx="${rx}" ry="${ry}" fill="${CHEEK}" opacity=".45"/>`
  );
}

/** Stroked path (no fill) with round caps/joins. */
const line = (d, color, w = 3) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
const rot = (deg, cx, cy) => ` transform="rotate(${deg} ${cx} ${cy})"`;

/** Mirrors a drawing fragment around the vertical centre line x = 100. */
const mirror = (body) => `<g transform="matrix(-1 0 0 1 200 0)">${body}</g>`;
const both = (body) => body + mirror(body);

/** Wraps a drawing in the standard 200x200 document with a round pastel background. */
function doc(id, bg, body) {
  const clip = `${id}-clip`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">' +
    `<defs><clipPath id="${clip}"><circle cx="100" cy="100" r="100"/></clipPath></defs>` +
    `<g clip-path="url(#${clip})"><circle cx="100" cy="100" r="100" fill="${bg}"/>${body}</g>` +
    '</svg>\n'
  );
}

// ---------------------------------------------------------------------------
// Children
// ---------------------------------------------------------------------------

const SKIN = ['#ffe3cf', '#fbd2b4', '#f1c09a', '#e0a97e', '#c98f63', '#a9704a'];
const HAIR = {
  black: '#2b2426',
  dark: '#3d2a20',
  brown: '#6b4226',
  auburn: '#a0522d',
  blond: '#e0a84a',
};

/** Points on the head ellipse (centre 100,94) at the given angle (degrees, 0 = right). */
const onHead = (deg, grow = 0) => {
  const r = (deg * Math.PI) / 180;
  return [100 + (47 + grow) * Math.cos(r), 94 + (49 + grow) * Math.sin(r)];
};

/** A ring of curls around the head from angle a0 to a1. */
function curls(a0, a1, count, r, color, grow = 0) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = onHead(a0 + ((a1 - a0) * i) / (count - 1), grow);
    out += circle(x, y, r, color);
  }
  return out;
}

/**
 * Draws one child. `back` is hair behind the head, `front` is hair over it, `top` is drawn
 * last (accessories). Mouth: 'open' (big grin) or 'smile' (closed smile).
 */
function kid({
  id,
  bg,
  skin,
  hair,
  shirt,
  back = '',
  front = '',
  top = '',
  mouth = 'smile',
  ears = true,
  brows = true,
  afterShirt = '',
}) {
  const skinShade = shade(skin, -0.12);
  let s = '';
  s += back;
  s += path('M26 200 C30 160 62 146 100 146 C138 146 170 160 174 200 Z', shirt);
  s += path('M80 148 Q100 166 120 148 Q100 156 80 148Z', shade(shirt, -0.15));
  s += afterShirt;
  s += `<rect x="87" y="124" width="26" height="30" rx="10" fill="${skinShade}"/>`;
  if (ears) {
    s += both(circle(53, 100, 10, skin) + line('M51 96 Q56 100 52 105', skinShade, 2.5));
  }
  s += ellipse(100, 94, 47, 49, skin);
  s += front;
  if (brows) s += both(line('M74 84 Q81 80 88 84', shade(hair, 0.1), 3));
  s += eyes(81, 119, 98);
  s += cheeks(69, 131, 114);
  s += line('M97 108 Q100 110 103 108', skinShade, 2.5);
  if (mouth === 'open') {
    s += path('M87 117 Q100 121 113 117 Q111 133 100 133 Q89 133 87 117Z', MOUTH);
    s += path('M92 128 Q100 122 108 128 Q104 133 100 133 Q96 133 92 128Z', TONGUE);
  } else {
    s += line('M88 118 Q100 129 112 118', MOUTH, 3);
  }
  s += top;
  return doc(id, bg, s);
}

// Generic front hair cap with a soft fringe line.
const CAP =
  'M50 100 C46 58 72 40 100 40 C128 40 154 58 150 100 C146 86 140 78 130 73 C112 80 88 80 70 73 C60 78 54 88 50 100Z';

const boys = [
  // 1: short spiky, black hair, light skin
  () =>
    kid({
      id: 'boy-1',
      bg: '#cfe4ff',
      skin: SKIN[0],
      hair: HAIR.black,
      shirt: '#ff8a3d',
      mouth: 'open',
      front: path(
        'M50 102 L45 66 L59 68 L56 45 L75 54 L82 30 L97 47 L111 28 L120 49 L139 38 L141 59 L156 61 L150 102 C146 88 141 80 133 74 L124 81 L115 72 L104 81 L94 72 L84 80 L75 73 L68 77 C59 83 54 91 50 102Z',
        HAIR.black,
      ),
    }),
  // 2: side part, dark brown hair
  () =>
    kid({
      id: 'boy-2',
      bg: '#c9f0dc',
      skin: SKIN[1],
      hair: HAIR.dark,
      shirt: '#3f8ee8',
      front:
        path(
          'M49 102 C44 56 72 38 104 38 C134 38 156 58 151 102 C148 88 144 80 138 76 C118 84 88 80 72 62 C68 78 58 88 49 102Z',
          HAIR.dark,
        ) + line('M114 47 Q130 50 140 62', shade(HAIR.dark, 0.3), 3),
    }),
  // 3: buzz cut, black hair, medium skin
  () =>
    kid({
      id: 'boy-3',
      bg: '#ffe2c6',
      skin: SKIN[4],
      hair: HAIR.black,
      shirt: '#2fb67c',
      mouth: 'open',
      front: path(
        'M52 92 C52 58 72 44 100 44 C128 44 148 58 148 92 C144 78 136 70 126 66 C110 61 90 61 74 66 C64 70 56 78 52 92Z',
        shade(HAIR.black, 0.12),
      ),
    }),
  // 4: curly, brown hair, medium-light skin
  () =>
    kid({
      id: 'boy-4',
      bg: '#ddd5ff',
      skin: SKIN[3],
      hair: HAIR.brown,
      shirt: '#f2c12e',
      front:
        path(CAP, HAIR.brown) +
        curls(180, 360, 9, 13, HAIR.brown, 2) +
        curls(205, 335, 6, 9, HAIR.brown, -20),
    }),
  // 5: baseball cap, dark skin
  () =>
    kid({
      id: 'boy-5',
      bg: '#fff1b0',
      skin: SKIN[5],
      hair: HAIR.black,
      shirt: '#8e6be8',
      mouth: 'open',
      front:
        path(
          'M52 98 C50 84 54 78 60 76 L62 98Z M148 98 C150 84 146 78 140 76 L138 98Z',
          HAIR.black,
        ) +
        path('M50 80 C50 38 150 38 150 80Z', '#e84a4a') +
        line('M100 44 L100 78', shade('#e84a4a', -0.18), 2.5) +
        circle(100, 43, 5, shade('#e84a4a', -0.18)) +
        path('M42 82 Q100 64 158 82 Q162 92 152 94 Q100 80 48 94 Q38 92 42 82Z', '#c63434') +
        circle(124, 62, 8, '#fff'),
    }),
  // 6: fringe / bowl cut, blond hair, light skin
  () =>
    kid({
      id: 'boy-6',
      bg: '#c9eff2',
      skin: SKIN[2],
      hair: HAIR.blond,
      shirt: '#e8508a',
      front: path(
        'M47 104 C42 56 70 38 100 38 C130 38 158 56 153 104 L147 104 C146 94 144 86 141 80 L132 85 L123 79 L113 85 L100 79 L87 85 L77 79 L68 85 L59 80 C56 86 54 94 53 104Z',
        HAIR.blond,
      ),
    }),
];

const girls = [
  // 1: pigtails, black hair
  () =>
    kid({
      id: 'girl-1',
      bg: '#ffd6ea',
      skin: SKIN[1],
      hair: HAIR.black,
      shirt: '#ff6f91',
      mouth: 'open',
      back: both(ellipse(38, 112, 15, 27, HAIR.black, rot(18, 38, 112))),
      front:
        path(
          'M50 100 C46 58 72 40 100 40 C128 40 154 58 150 100 C146 86 138 76 126 70 C116 72 106 66 100 56 C94 66 84 72 74 70 C62 76 54 86 50 100Z',
          HAIR.black,
        ) + both(circle(51, 92, 7, '#ffcf3f')),
    }),
  // 2: bob with straight fringe, dark brown
  () =>
    kid({
      id: 'girl-2',
      bg: '#f2d6fb',
      skin: SKIN[0],
      hair: HAIR.dark,
      shirt: '#36b3a8',
      ears: false,
      front: path(
        'M44 132 C38 60 64 38 100 38 C136 38 162 60 156 132 Q150 140 142 134 C146 110 144 92 140 80 Q100 86 60 80 C56 92 54 110 58 134 Q50 140 44 132Z',
        HAIR.dark,
      ),
    }),
  // 3: ponytail, brown hair, medium skin
  () =>
    kid({
      id: 'girl-3',
      bg: '#ffd3cc',
      skin: SKIN[3],
      hair: HAIR.brown,
      shirt: '#5b8def',
      back: path(
        'M138 56 C168 44 184 74 176 104 C172 124 182 140 172 156 C160 136 150 110 146 84Z',
        HAIR.brown,
      ),
      front:
        path(
          'M50 100 C46 58 72 40 104 40 C130 40 154 58 150 100 C146 86 140 78 132 72 C108 80 80 76 66 64 C62 78 56 88 50 100Z',
          HAIR.brown,
        ) + ellipse(146, 56, 7, 10, '#ffcf3f', rot(30, 146, 56)),
    }),
  // 4: two buns, black hair, medium-brown skin
  () =>
    kid({
      id: 'girl-4',
      bg: '#e9f6c0',
      skin: SKIN[4],
      hair: HAIR.black,
      shirt: '#ff9f1c',
      mouth: 'open',
      back: both(circle(64, 46, 19, HAIR.black)),
      front:
        path(
          'M50 100 C46 58 72 40 100 40 C128 40 154 58 150 100 C146 86 138 76 126 70 C116 72 106 66 100 56 C94 66 84 72 74 70 C62 76 54 86 50 100Z',
          HAIR.black,
        ) + both(line('M52 58 Q64 66 76 58', '#ff5d8f', 5)),
    }),
  // 5: long hair with a bow clip, auburn hair
  () =>
    kid({
      id: 'girl-5',
      bg: '#d4dcff',
      skin: SKIN[2],
      hair: HAIR.auburn,
      shirt: '#f06292',
      ears: false,
      afterShirt: path(
        'M46 96 C40 40 160 40 154 100 L166 170 Q146 184 124 172 L122 128 L78 128 L76 172 Q54 184 34 170Z',
        HAIR.auburn,
      ),
      front:
        path(
          'M48 110 C44 58 72 38 104 38 C132 38 156 58 152 110 C150 94 146 84 140 78 C118 84 92 78 78 62 C72 80 60 90 54 112Z',
          HAIR.auburn,
        ) +
        path('M60 64 L48 52 L46 72Z M60 64 L72 50 L76 70Z', '#ffcf3f') +
        circle(61, 63, 5, '#ff9f1c'),
    }),
  // 6: short curly, black hair, dark skin
  () =>
    kid({
      id: 'girl-6',
      bg: '#cdefc9',
      skin: SKIN[5],
      hair: HAIR.dark,
      shirt: '#ffcf3f',
      ears: false,
      front:
        path(CAP, HAIR.dark) +
        curls(150, 390, 14, 14, HAIR.dark, 2) +
        curls(205, 335, 6, 10, HAIR.dark, -20) +
        circle(128, 52, 7, '#ff5d8f'),
    }),
];

// ---------------------------------------------------------------------------
// Zodiac animals (traditional order, starting with the rat)
// ---------------------------------------------------------------------------

const whiskers = (color, y = 126) =>
  both(line(`M74 ${y - 2} L44 ${y - 8} M74 ${y + 4} L44 ${y + 8}`, color, 2));

const smile = (d = 'M90 132 Q100 140 110 132') => line(d, MOUTH, 3);

const zodiac = [
  // 1 rat 鼠
  () => {
    const fur = '#a7abbd';
    return doc(
      'zodiac-1',
      '#ffe2c6',
      both(circle(54, 64, 30, fur) + circle(54, 64, 19, '#f7b6c6')) +
        ellipse(100, 110, 54, 48, fur) +
        ellipse(100, 130, 28, 20, shade(fur, 0.45)) +
        eyes(80, 120, 102) +
        cheeks(66, 134, 120) +
        ellipse(100, 120, 8, 6, '#f07a95') +
        `<rect x="95" y="134" width="10" height="9" rx="2" fill="#fff" stroke="${shade(fur, -0.2)}" stroke-width="1.5"/>` +
        line('M90 131 Q95 136 100 131 Q105 136 110 131', MOUTH, 2.5) +
        whiskers(shade(fur, -0.35), 126),
    );
  },
  // 2 ox 牛
  () => {
    const fur = '#b07a52';
    const horn = '#f6e7c4';
    return doc(
      'zodiac-2',
      '#cfe4ff',
      both(
        path(
          'M66 72 C44 72 32 58 38 32 C46 48 60 52 80 56Z',
          horn,
          ' stroke="#d9b77a" stroke-width="2"',
        ) +
          ellipse(44, 90, 20, 10, fur, rot(-20, 44, 90)) +
          ellipse(44, 90, 12, 5, '#f3b7a0', rot(-20, 44, 90)),
      ) +
        ellipse(100, 104, 52, 50, fur) +
        path('M84 58 Q92 44 100 56 Q108 44 116 58 Q100 66 84 58Z', shade(fur, -0.3)) +
        ellipse(76, 80, 17, 13, shade(fur, 0.35)) +
        ellipse(100, 134, 42, 24, '#f4c9b4') +
        ellipse(84, 128, 4.5, 6, '#8a5446') +
        ellipse(116, 128, 4.5, 6, '#8a5446') +
        circle(100, 137, 7, 'none', ' stroke="#f2b705" stroke-width="3"') +
        smile('M88 150 Q100 154 112 150') +
        eyes(80, 120, 96) +
        cheeks(64, 136, 112),
    );
  },
  // 3 tiger 虎
  () => {
    const fur = '#f59a3a';
    const stripe = '#3b2a25';
    return doc(
      'zodiac-3',
      '#eef5b8',
      both(circle(58, 62, 19, fur) + circle(58, 62, 11, '#ffe6c7')) +
        ellipse(100, 108, 56, 50, fur) +
        line('M88 62 H112 M90 73 H110 M86 84 H114 M100 62 V84', stripe, 5) +
        both(
          path('M45 96 L66 101 L46 106Z', stripe) +
            path('M46 116 L64 118 L48 124Z', stripe) +
            path('M58 72 L70 80 L62 66Z', stripe),
        ) +
        ellipse(87, 130, 17, 14, '#fff6ea') +
        ellipse(113, 130, 17, 14, '#fff6ea') +
        ellipse(100, 142, 12, 8, '#fff6ea') +
        eyes(80, 120, 102) +
        cheeks(64, 136, 118) +
        path('M92 118 Q100 114 108 118 Q104 126 100 126 Q96 126 92 118Z', '#e0566b') +
        line('M100 126 V131 M92 134 Q96 137 100 131 Q104 137 108 134', MOUTH, 2.5) +
        both(line('M76 128 L54 126 M76 134 L56 138', shade(fur, -0.35), 1.8)),
    );
  },
  // 4 rabbit 兔
  () => {
    const fur = '#fffdfb';
    const edge = '#e4d9e4';
    return doc(
      'zodiac-4',
      '#ddd5ff',
      both(
        ellipse(78, 50, 15, 42, fur, `${rot(-12, 78, 50)} stroke="${edge}" stroke-width="2"`) +
          ellipse(78, 52, 7, 32, '#ffc0d0', rot(-12, 78, 52)),
      ) +
        ellipse(100, 124, 52, 46, fur, ` stroke="${edge}" stroke-width="2"`) +
        eyes(80, 120, 116) +
        cheeks(64, 136, 134) +
        path('M94 128 Q100 125 106 128 Q103 134 100 134 Q97 134 94 128Z', '#ff8fab') +
        `<rect x="94.5" y="139" width="11" height="10" rx="2" fill="#fff" stroke="${edge}" stroke-width="1.5"/>` +
        line('M100 134 V139 M90 138 Q95 143 100 138 Q105 143 110 138', MOUTH, 2.5) +
        line('M100 139 V148', edge, 1.5) +
        whiskers('#c7b8c7', 134),
    );
  },
  // 5 dragon 龙
  () => {
    const skin = '#4cbf86';
    const gold = '#f5c137';
    const mane = '#ff8c42';
    return doc(
      'zodiac-5',
      '#fff1b0',
      both(
        path('M56 70 L30 62 L46 82 L24 90 L48 100 L28 116 L54 118 L42 136 L64 128Z', mane) +
          line('M78 60 L66 22 M70 38 L56 30 M68 32 L76 18', gold, 7),
      ) +
        ellipse(100, 96, 48, 44, skin) +
        ellipse(100, 134, 42, 26, '#bff0c9') +
        circle(100, 64, 4, shade(skin, -0.2)) +
        circle(90, 68, 3, shade(skin, -0.2)) +
        circle(110, 68, 3, shade(skin, -0.2)) +
        both(line('M68 80 Q78 72 90 78', mane, 4)) +
        eyes(80, 120, 94) +
        cheeks(64, 136, 112) +
        ellipse(88, 124, 4, 5, shade(skin, -0.35)) +
        ellipse(112, 124, 4, 5, shade(skin, -0.35)) +
        path('M80 136 Q100 144 120 136 Q116 152 100 152 Q84 152 80 136Z', MOUTH) +
        both(
          path('M86 138 L90 146 L93 139Z', '#fff') +
            line('M62 130 C42 124 30 138 20 128 M64 138 C48 148 44 164 30 162', gold, 3.5),
        ),
    );
  },
  // 6 snake 蛇
  () => {
    const skin = '#7bc96f';
    const dark = shade(skin, -0.25);
    return doc(
      'zodiac-6',
      '#ffd3cc',
      line('M24 206 C26 164 80 150 112 164 C146 178 176 168 174 136', skin, 30) +
        circle(60, 170, 5, dark) +
        circle(150, 162, 5, dark) +
        circle(128, 172, 4, dark) +
        ellipse(100, 94, 54, 42, skin) +
        ellipse(100, 112, 38, 20, '#d4efb0') +
        ellipse(100, 62, 10, 6, dark) +
        ellipse(80, 66, 6, 4, dark) +
        ellipse(120, 66, 6, 4, dark) +
        eyes(78, 122, 88, 1.1) +
        cheeks(60, 140, 104) +
        circle(94, 104, 2.2, dark) +
        circle(106, 104, 2.2, dark) +
        line('M100 118 V138 L93 146 M100 138 L107 146', '#e5394f', 3.5) +
        line('M82 114 Q100 124 118 114', MOUTH, 3),
    );
  },
  // 7 horse 马
  () => {
    const coat = '#c07e4c';
    const mane = '#5a3422';
    return doc(
      'zodiac-7',
      '#c9eff2',
      path('M126 44 C154 54 164 100 158 160 C148 138 140 110 132 84Z', mane) +
        both(path('M66 66 L62 24 L90 52Z', coat) + path('M69 58 L67 36 L82 52Z', '#f2b8a8')) +
        ellipse(100, 88, 40, 46, coat) +
        ellipse(100, 136, 34, 28, '#ecc39a') +
        path('M96 60 L104 60 L106 114 Q100 118 94 114Z', '#fff3e0') +
        path(
          'M78 52 C84 34 104 28 122 44 C112 44 110 56 104 66 C100 56 96 58 90 68 C88 58 84 54 78 52Z',
          mane,
        ) +
        eyes(80, 120, 92) +
        cheeks(70, 130, 108) +
        ellipse(86, 134, 4, 6, '#7b4a34', rot(-20, 86, 134)) +
        ellipse(114, 134, 4, 6, '#7b4a34', rot(20, 114, 134)) +
        smile('M86 148 Q100 158 114 148'),
    );
  },
  // 8 goat 羊
  () => {
    const fur = '#fbf5ea';
    const horn = '#c99b6a';
    return doc(
      'zodiac-8',
      '#d4dcff',
      both(
        line('M78 62 C70 34 40 32 34 54 C30 72 52 82 60 70 C66 60 56 52 50 58', horn, 10) +
          ellipse(40, 98, 20, 9, fur, rot(24, 40, 98)) +
          ellipse(42, 98, 11, 4.5, '#f7c3c0', rot(24, 42, 98)),
      ) +
        path('M84 138 Q100 200 116 138Z', '#dcc8a6') +
        ellipse(100, 102, 44, 50, fur) +
        path('M88 56 Q94 46 100 56 Q106 46 112 56 Q100 64 88 56Z', '#e9dcc6') +
        ellipse(100, 132, 26, 17, '#f6d3cb') +
        eyes(82, 118, 98) +
        cheeks(68, 132, 114) +
        ellipse(92, 128, 3, 4, '#a0686c') +
        ellipse(108, 128, 3, 4, '#a0686c') +
        smile('M92 138 Q100 144 108 138'),
    );
  },
  // 9 monkey 猴
  () => {
    const fur = '#9b6440';
    const face = '#f4cfa6';
    return doc(
      'zodiac-9',
      '#f2d6fb',
      both(circle(46, 104, 19, fur) + circle(46, 104, 11, face)) +
        circle(100, 102, 52, fur) +
        path('M92 52 Q96 40 104 46 Q108 36 114 46 Q104 54 92 52Z', fur) +
        circle(83, 98, 21, face) +
        circle(117, 98, 21, face) +
        ellipse(100, 126, 36, 24, face) +
        eyes(83, 117, 98) +
        cheeks(70, 130, 118) +
        ellipse(95, 115, 2.5, 3, shade(fur, -0.3)) +
        ellipse(105, 115, 2.5, 3, shade(fur, -0.3)) +
        path('M82 126 Q100 132 118 126 Q114 144 100 144 Q86 144 82 126Z', MOUTH) +
        path('M90 138 Q100 132 110 138 Q106 144 100 144 Q94 144 90 138Z', TONGUE),
    );
  },
  // 10 rooster 鸡
  () => {
    const red = '#ec3f3a';
    const feather = '#fffaf0';
    return doc(
      'zodiac-10',
      '#cdefc9',
      circle(80, 58, 14, red) +
        circle(100, 48, 17, red) +
        circle(120, 58, 14, red) +
        ellipse(100, 108, 48, 50, feather) +
        eyes(80, 120, 100) +
        cheeks(66, 134, 118) +
        ellipse(100, 140, 8, 13, red) +
        path('M86 112 Q100 104 114 112 L100 132Z', '#ffb000') +
        line('M88 115 L112 115', '#e08a00', 2),
    );
  },
  // 11 dog 狗
  () => {
    const fur = '#e6b880';
    const ear = '#8a5a3a';
    return doc(
      'zodiac-11',
      '#ffd6ea',
      ellipse(100, 104, 52, 50, fur) +
        ellipse(121, 96, 17, 15, '#c98f55') +
        both(path('M62 60 C36 56 24 100 34 132 C40 146 56 140 60 124 C66 100 70 80 72 64Z', ear)) +
        ellipse(100, 130, 32, 23, '#fff6ea') +
        eyes(82, 119, 98) +
        cheeks(66, 134, 116) +
        path('M90 120 Q100 114 110 120 Q106 128 100 128 Q94 128 90 120Z', INK) +
        circle(96, 119, 2, '#fff') +
        path('M93 138 Q100 136 107 138 L107 144 Q100 152 93 144Z', TONGUE) +
        line('M100 128 V135 M88 136 Q94 142 100 135 Q106 142 112 136', MOUTH, 2.5),
    );
  },
  // 12 pig 猪
  () => {
    const skin = '#f9aebe';
    const snout = '#f4899f';
    return doc(
      'zodiac-12',
      '#c6efe6',
      both(path('M58 76 L50 34 L88 58Z', skin) + path('M62 66 L56 44 L78 58Z', snout)) +
        ellipse(100, 108, 56, 50, skin) +
        eyes(78, 122, 98) +
        cheeks(62, 138, 118, 10, 6) +
        ellipse(100, 124, 24, 17, snout) +
        ellipse(92, 124, 4, 6.5, '#b8506a') +
        ellipse(108, 124, 4, 6.5, '#b8506a') +
        smile('M90 146 Q100 152 110 146'),
    );
  },
];

// ---------------------------------------------------------------------------
// Write files
// ---------------------------------------------------------------------------

mkdirSync(OUT_DIR, { recursive: true });
const files = [
  ...boys.map((draw, i) => [`boy-${i + 1}.svg`, draw()]),
  ...girls.map((draw, i) => [`girl-${i + 1}.svg`, draw()]),
  ...zodiac.map((draw, i) => [`zodiac-${i + 1}.svg`, draw()]),
];
for (const [name, svg] of files) {
  writeFileSync(join(OUT_DIR, name), svg);
  console.log(`${name.padEnd(16)} ${String(Buffer.byteLength(svg)).padStart(5)} bytes`);
}
