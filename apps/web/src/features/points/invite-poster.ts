import { displayFontStack } from '../../shared/ui/font-stack';
import logo from '../../shared/ui/illustrations/mascot-welcome.svg';
import { loadImage, roundedRect } from '../practice';

/**
 * The invitation posters of /parents/points/posters, drawn on a canvas (750×1200 PNG): a
 * template's colours and headline, the mascot, who invites, the invitation QR code and code.
 */
export const INVITE_POSTER_SIZE = { width: 750, height: 1200 } as const;

export type PosterTemplate = 'read' | 'english' | 'invite';
export const POSTER_TEMPLATES: readonly PosterTemplate[] = ['read', 'english', 'invite'];

const PALETTES: Record<PosterTemplate, [string, string, string]> = {
  read: ['#ffb347', '#ff8a3d', '#e86f1f'],
  english: ['#6fd0f5', '#3db6e8', '#2192c4'],
  invite: ['#a99cff', '#7c6cf2', '#5f4fd6'],
};

export interface InvitePosterInput {
  template: PosterTemplate;
  headline: string;
  from: string;
  code: string;
  scan: string;
  brand: string;
  qr: string;
}

export async function drawInvitePoster(input: InvitePosterInput): Promise<string> {
  const { width, height } = INVITE_POSTER_SIZE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const font = displayFontStack();
  const [light, main, dark] = PALETTES[input.template];

  const bg = ctx.createLinearGradient(0, 0, 0, height);
  bg.addColorStop(0, light);
  bg.addColorStop(1, main);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  // Soft bubbles.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.14)';
  for (const [x, y, r] of [
    [80, 120, 90],
    [680, 260, 120],
    [120, 760, 70],
    [660, 980, 100],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.textAlign = 'center';
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 56px ${font}`;
  ctx.fillText(input.headline, width / 2, 130, width - 80);

  const mascot = await loadImage(logo);
  ctx.drawImage(mascot, width / 2 - 170, 170, 340, 340);

  // The card with who invites, the QR code and the code.
  ctx.save();
  ctx.shadowColor = 'rgba(45, 42, 74, 0.25)';
  ctx.shadowBlur = 30;
  ctx.fillStyle = '#ffffff';
  roundedRect(ctx, 75, 540, width - 150, 560, 40);
  ctx.fill();
  ctx.restore();
  ctx.fillStyle = dark;
  ctx.font = `700 40px ${font}`;
  ctx.fillText(input.from, width / 2, 610, width - 200);
  const qr = await loadImage(input.qr);
  ctx.drawImage(qr, width / 2 - 150, 640, 300, 300);
  ctx.fillStyle = '#2d2a4a';
  ctx.font = `700 36px ${font}`;
  ctx.fillText(input.code, width / 2, 995);
  ctx.fillStyle = '#5e5a7a';
  ctx.font = `500 28px ${font}`;
  ctx.fillText(input.scan, width / 2, 1045, width - 200);

  ctx.fillStyle = '#ffffff';
  ctx.font = `600 30px ${font}`;
  ctx.fillText(input.brand, width / 2, height - 45);
  return canvas.toDataURL('image/png');
}
