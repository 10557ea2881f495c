import JsBarcode from 'jsbarcode';
import { useEffect, useRef, useState } from 'react';

/** The spec's barcode defaults (JsBarcode's): CODE128, bar width 2, height 100, font size 20. */
const BARCODE_DEFAULTS = { format: 'CODE128', width: 2, height: 100, fontSize: 20 } as const;

/** A printed label's barcode: the defaults with height 30 and font size 10. */
export const LABEL_BARCODE = { ...BARCODE_DEFAULTS, height: 30, fontSize: 10 } as const;

interface BarcodeSvgProps {
  value: string;
  options?: JsBarcode.Options;
  /** What a screen reader hears instead of the bars. */
  label: string;
  /** Shown when JsBarcode cannot draw the value in this format (the spec shows no message). */
  fallback: string;
}

/** Draws `value` as an SVG barcode with JsBarcode. */
export function BarcodeSvg({ value, options = BARCODE_DEFAULTS, label, fallback }: BarcodeSvgProps) {
  const ref = useRef<SVGSVGElement>(null);
  const [failedValue, setFailedValue] = useState<string | null>(null);

  useEffect(() => {
    if (!ref.current || !value) return;
    try {
      JsBarcode(ref.current, value, { ...options });
    } catch (error) {
      // Invalid input for the format: only logged, as the spec says.
      console.error('Could not draw the barcode', error);
      setFailedValue(value);
    }
  }, [value, options]);

  if (!value || failedValue === value)
    return <span className="barcode-missing small text-secondary">{fallback}</span>;
  return <svg ref={ref} className="barcode-svg" role="img" aria-label={label} />;
}
