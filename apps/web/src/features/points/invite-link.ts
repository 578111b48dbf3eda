import QRCode from 'qrcode';

/** Where an invited friend lands: the app with the invite code filled in on the phone login. */
export const inviteUrl = (code: string): string =>
  `${window.location.origin}/library?inv=${encodeURIComponent(code)}`;

/** The invitation QR code as a PNG data URL (qrcode, error correction M). */
export const inviteQrDataUrl = (code: string, width = 320): Promise<string> =>
  QRCode.toDataURL(inviteUrl(code), {
    width,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#2d2a4a', light: '#ffffff' },
  });
