import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * QR codes of the web app (invitations, posters, payment codes): one library, `qrcode`
 * (decision 061). A PNG data URL, error correction M, the ink colour of the visual identity.
 */
export const qrDataUrl = (text: string, width = 320): Promise<string> =>
  QRCode.toDataURL(text, {
    width,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#2d2a4a', light: '#ffffff' },
  });

/** The QR code of `text` once drawn ('' while drawing or when there is no text). */
export function useQrCode(text: string, width = 320): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let current = true;
    setUrl('');
    if (text) void qrDataUrl(text, width).then((drawn) => current && setUrl(drawn));
    return () => {
      current = false;
    };
  }, [text, width]);
  return url;
}
