import { starsForScore } from '../../shared/recorder/score';
import { displayFontStack } from '../../shared/ui/font-stack';

/**
 * The share poster of a work, drawn on a canvas (portrait 750×1334, PNG): the book's cover, its
 * titles, the child's name, the score as stars and a number, the QR code of the work's share
 * address (decision 092: a grandparent scans it and hears the child) and the brand line.
 */
export interface PosterInput {
  cover: string;
  titleEn: string;
  titleCn: string;
  nickname: string;
  score: number;
  caption: string;
  brand: string;
  /** The share address's QR code (a PNG data URL) and what scanning it does; none: no QR card. */
  qr?: { image: string; scan: string; address: string };
}

export const POSTER_SIZE = { width: 750, height: 1334 } as const;
/** The cover is never taller than this, so the QR card always has its room. */
const COVER_MAX_H = 440;

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`poster image failed: ${src}`));
    image.src = src;
  });
}

export function roundedRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function star(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number, filled: boolean) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
  }
  ctx.closePath();
  ctx.fillStyle = filled ? '#ffc23d' : '#fff1dc';
  ctx.fill();
  ctx.lineWidth = 5;
  ctx.strokeStyle = filled ? '#e9a514' : '#efe4d3';
  ctx.stroke();
}

/** The white card with the QR code on the left and what scanning it does on the right. */
async function drawQrCard(
  ctx: CanvasRenderingContext2D,
  qr: NonNullable<PosterInput['qr']>,
  top: number,
  font: string,
) {
  const { width } = POSTER_SIZE;
  const x = 60;
  const w = width - 120;
  const size = 240;
  const h = size + 48;
  ctx.save();
  ctx.shadowColor = 'rgba(45, 42, 74, 0.16)';
  ctx.shadowBlur = 24;
  ctx.fillStyle = '#ffffff';
  roundedRect(ctx, x, top, w, h, 32);
  ctx.fill();
  ctx.restore();
  const image = await loadImage(qr.image);
  ctx.drawImage(image, x + 24, top + 24, size, size);
  const textX = x + 24 + size + 28;
  const textW = x + w - 24 - textX;
  ctx.textAlign = 'left';
  ctx.fillStyle = '#2d2a4a';
  ctx.font = `700 36px ${font}`;
  const lines = wrap(ctx, qr.scan, textW).slice(0, 3);
  for (const [i, line] of lines.entries()) ctx.fillText(line, textX, top + 90 + i * 48, textW);
  ctx.fillStyle = '#5e5a7a';
  ctx.font = `500 22px ${font}`;
  ctx.fillText(qr.address, textX, top + h - 40, textW);
}

/** `text` broken into lines no wider than `maxWidth` (by character: Chinese has no spaces). */
function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && ctx.measureText(line + char).width > maxWidth) {
      lines.push(line);
      line = char.trimStart();
    } else {
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function drawPoster(input: PosterInput): Promise<Blob> {
  const { width, height } = POSTER_SIZE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const font = displayFontStack();

  const bg = ctx.createLinearGradient(0, 0, 0, height);
  bg.addColorStop(0, '#ffe7c2');
  bg.addColorStop(1, '#fff9f0');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);

  // Cover, in a white card.
  const cover = await loadImage(input.cover);
  const cardX = 75;
  const cardY = 70;
  const cardW = width - 150;
  const coverH = Math.min(
    COVER_MAX_H,
    Math.round((cardW - 40) * (cover.naturalHeight / cover.naturalWidth || 0.75)),
  );
  ctx.save();
  ctx.shadowColor = 'rgba(45, 42, 74, 0.18)';
  ctx.shadowBlur = 30;
  ctx.fillStyle = '#ffffff';
  roundedRect(ctx, cardX, cardY, cardW, coverH + 40, 36);
  ctx.fill();
  ctx.restore();
  ctx.save();
  roundedRect(ctx, cardX + 20, cardY + 20, cardW - 40, coverH, 24);
  ctx.clip();
  ctx.drawImage(cover, cardX + 20, cardY + 20, cardW - 40, coverH);
  ctx.restore();

  let y = cardY + coverH + 40 + 80;
  ctx.textAlign = 'center';
  ctx.fillStyle = '#2d2a4a';
  ctx.font = `700 52px ${font}`;
  ctx.fillText(input.titleEn, width / 2, y, width - 100);
  y += 56;
  ctx.fillStyle = '#5e5a7a';
  ctx.font = `500 34px ${font}`;
  ctx.fillText(input.titleCn, width / 2, y, width - 100);

  y += 80;
  ctx.fillStyle = '#e86f1f';
  ctx.font = `700 40px ${font}`;
  ctx.fillText(input.caption.replace('{{name}}', input.nickname), width / 2, y, width - 100);

  y += 90;
  const stars = starsForScore(input.score);
  for (let i = 0; i < 3; i++) star(ctx, width / 2 - 170 + i * 90, y - 20, 38, i < stars);
  ctx.fillStyle = '#3fa84f';
  ctx.font = `700 72px ${font}`;
  ctx.textAlign = 'left';
  ctx.fillText(String(input.score), width / 2 + 110, y + 5);

  if (input.qr) await drawQrCard(ctx, input.qr, y + 60, font);

  ctx.textAlign = 'center';
  ctx.fillStyle = '#5e5a7a';
  ctx.font = `600 30px ${font}`;
  ctx.fillText(input.brand, width / 2, height - 50);

  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
      'image/png',
    ),
  );
}
