import type { BarcodeLookup } from '@bazar/contracts/catalog';
import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n/i18n';
import { scanCode as scanBarcode } from './offline/local-first';

/**
 * The till's scans: every code is looked up at once (in the till's own copy of the catalogue, or
 * GET /api/product/barcode/{code} while it has none: offline/local-first.ts), and the
 * answers are handed on in the order the codes were scanned. A code that finds nothing is named in
 * `notice`. `settled` resolves once every scan so far has been handled (Save waits for it).
 */
export function useScanner(
  onFound: (found: BarcodeLookup, weighed: boolean, times: number, code: string) => void,
) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState('');
  const queue = useRef<Promise<void>>(Promise.resolve());

  const scan = (code: string, times = 1) => {
    setNotice('');
    const lookup = scanBarcode(code);
    queue.current = queue.current.then(() =>
      lookup.then(
        // A scale label names another code than the product's own: each weighed pack is a line.
        (found) => onFound(found, found.product.barcode !== code, times, code),
        (failure: unknown) =>
          setNotice(
            isApiError(failure, 404)
              ? t('adminTill.products.notFound', { code })
              : isApiError(failure, 422)
                ? t('adminTill.products.badCode', { code, reason: failure.message })
                : t('adminTill.products.scanFailed', { code }),
          ),
      ),
    );
  };

  return { scan, notice, clearNotice: () => setNotice(''), settled: () => queue.current };
}
