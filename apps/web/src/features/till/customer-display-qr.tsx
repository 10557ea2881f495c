import { useEffect, useState } from 'react';

/** The QR code library, fetched the first time a QR code is drawn (only the customer display draws one). */
const loadQr = () => import('qrcode');

/** The QR code of `text` as an SVG picture (sharp at any size), or null while it is drawn. */
function useQrPicture(text: string): string | null {
  const [picture, setPicture] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    loadQr()
      .then((qr) => qr.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then(
        (svg) =>
          live && setPicture({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        (error: unknown) => console.error('Could not draw the QR code', error),
      );
    return () => {
      live = false;
    };
  }, [text]);
  return picture?.text === text ? picture.src : null;
}

/** A QR code the customer's phone reads, named for a screen reader by `label`. */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const src = useQrPicture(text);
  if (!src) return <div className={className} role="img" aria-label={label} aria-busy="true" />;
  return <img className={className} src={src} alt={label} />;
}
