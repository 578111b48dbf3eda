import { qrDataUrl } from '../../shared/qr/qr-code';

/** Where an invited friend lands: the app with the invite code filled in on the phone login. */
export const inviteUrl = (code: string): string =>
  `${window.location.origin}/library?inv=${encodeURIComponent(code)}`;

/** The invitation QR code as a PNG data URL. */
export const inviteQrDataUrl = (code: string, width = 320): Promise<string> =>
  qrDataUrl(inviteUrl(code), width);
