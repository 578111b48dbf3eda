import { starsForScore } from '../speech/score';

/**
 * The share poster of a dubbed book, drawn on a canvas (portrait 750×1100, PNG): the book's cover,
 * its titles, the child's name, the score as stars and a number, and the brand line.
 */
export interface PosterInput {
  cover: string;
  titleEn: string;
  titleCn: string;
  nickname: string;
  score: number;
  caption: string;
  brand: string;
}

export const POSTER_SIZE = { width: 750, height: 1100 } as const;

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

export async function drawPoster(input: PosterInput): Promise<Blob> {
  const { width, height } = POSTER_SIZE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const font = '"Fredoka", "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';

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
  const coverH = Math.round((cardW - 40) * (cover.naturalHeight / cover.naturalWidth || 0.75));
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

  ctx.textAlign = 'center';
  ctx.fillStyle = '#5e5a7a';
  ctx.font = `600 30px ${font}`;
  ctx.fillText(input.brand, width / 2, height - 60);

  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
      'image/png',
    ),
  );
}
