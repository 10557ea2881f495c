import JsBarcode from 'jsbarcode';
import { useEffect, useRef, useState } from 'react';

/** CODE128 with thin bars and the number under them; CSS sizes it to the paper. */
const OPTIONS: JsBarcode.Options = {
  format: 'CODE128',
  width: 2,
  height: 48,
  margin: 0,
  displayValue: true,
  font: 'monospace',
  fontSize: 18,
  textMargin: 2,
};

/** The order number as a CODE128 barcode (an SVG: sharp on a thermal printer at any size). */
export function ReceiptBarcode({ value, label }: { value: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!ref.current) return;
    try {
      JsBarcode(ref.current, value, OPTIONS);
      setFailed(false);
    } catch (error) {
      console.error('Could not draw the barcode', error);
      setFailed(true);
    }
  }, [value]);

  if (failed) return null;
  return <svg ref={ref} className="receipt-barcode" role="img" aria-label={label} />;
}
