import type { FoundProduct } from '@bazar/contracts/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { PrintIcon, TrashIcon } from '../../components/admin-icons';
import { QtyCell } from '../../components/qty-cell';
import { findProducts } from '../products/products-api';
import { BarcodeSvg, LABEL_BARCODE } from './barcode-svg';
import './barcode-page.css';

/** The barcode page searches only with more than 2 characters (spec §5). */
const SEARCH_MIN = 3;
const SEARCH_DELAY_MS = 250;

export interface LabelLine {
  id: number;
  title: string;
  attri: string;
  barcode: string;
  price: number;
  qty: number;
}

/** How many labels a line prints: its quantity rounded up (1.5 kg of something is two labels). */
export const labelCount = (qty: number) => (Number.isFinite(qty) && qty > 0 ? Math.ceil(qty - 1e-9) : 0);

/** /admin/barcode: pick products, say how many labels of each, print them. */
export function BarcodePage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState('');
  const [lines, setLines] = useState<LabelLine[]>([]);

  useEffect(() => {
    const next = text.trim().length >= SEARCH_MIN ? text.trim() : '';
    const timer = setTimeout(() => setWanted(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const found = useQuery({
    queryKey: ['admin', 'find', wanted],
    queryFn: () => findProducts(wanted),
    enabled: wanted.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
  const suggestions = wanted && text.trim().length >= SEARCH_MIN ? (found.data ?? []) : [];

  const pick = (product: FoundProduct) => {
    setLines((current) =>
      current.some((line) => line.id === product.id)
        ? current.map((line) => (line.id === product.id ? { ...line, qty: line.qty + 1 } : line))
        : [
            ...current,
            {
              id: product.id,
              title: product.title,
              attri: product.attri,
              barcode: product.barcode,
              price: product.offprice ?? product.price,
              qty: 1,
            },
          ],
    );
    setText('');
    setWanted('');
  };

  const setQty = (id: number, qty: number) =>
    setLines((current) => current.map((line) => (line.id === id ? { ...line, qty } : line)));
  const remove = (id: number) => setLines((current) => current.filter((line) => line.id !== id));
  const total = lines.reduce((sum, line) => sum + labelCount(line.qty), 0);

  return (
    <div className="row g-3 barcode-page">
      <div className="col-12 col-lg-5 barcode-tools">
        <section className="card shadow-sm" aria-labelledby="barcode-title">
          <div className="card-body">
            <h1 id="barcode-title" className="h4 mb-3">
              {t('adminCatalog.barcodes.title')}
            </h1>
            <div className="mb-3 position-relative" role="search">
              <label htmlFor="barcode-search" className="form-label">
                {t('adminCatalog.barcodes.search')}
              </label>
              <input
                id="barcode-search"
                type="search"
                className="form-control"
                placeholder={t('adminCatalog.barcodes.searchPlaceholder')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => event.key === 'Escape' && setText('')}
                aria-describedby="barcode-search-help"
                autoComplete="off"
              />
              <div id="barcode-search-help" className="form-text">
                {t('adminCatalog.barcodes.searchHelp')}
              </div>
              {suggestions.length > 0 ? (
                <ul
                  className="list-group shadow-sm barcode-suggestions"
                  aria-label={t('adminCatalog.barcodes.suggestions')}
                >
                  {suggestions.map((product) => (
                    <li key={product.id} className="list-group-item p-0">
                      <button
                        type="button"
                        className="btn btn-link text-body text-decoration-none text-start w-100 d-flex gap-2 px-3 py-2"
                        onClick={() => pick(product)}
                      >
                        <span className="me-auto">
                          {product.title}
                          {product.attri && <span className="text-secondary"> ({product.attri})</span>}
                        </span>
                        <span className="text-nowrap">{product.offprice ?? product.price}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                wanted &&
                found.isSuccess &&
                !found.isPlaceholderData && (
                  <p className="small text-secondary mt-2 mb-0" role="status">
                    {t('adminCatalog.barcodes.noMatch')}
                  </p>
                )
              )}
            </div>

            <h2 className="h6">{t('adminCatalog.barcodes.list')}</h2>
            {lines.length === 0 ? (
              <p className="text-secondary small mb-0">{t('adminCatalog.barcodes.empty')}</p>
            ) : (
              <div className="table-responsive position-relative">
                <table className="table table-sm align-middle mb-0">
                  <thead>
                    <tr>
                      <th scope="col">{t('adminCatalog.barcodes.columns.title')}</th>
                      <th scope="col">{t('adminCatalog.barcodes.columns.attri')}</th>
                      <th scope="col">{t('adminCatalog.barcodes.columns.qty')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('adminCatalog.barcodes.columns.del')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((line) => (
                      <tr key={line.id}>
                        <td>{line.title}</td>
                        <td>{line.attri}</td>
                        <td>
                          <QtyCell
                            qty={line.qty}
                            changeLabel={t('adminCatalog.barcodes.changeQty', {
                              title: line.title,
                              qty: line.qty,
                            })}
                            inputLabel={t('adminCatalog.barcodes.qtyOf', { title: line.title })}
                            help={t('adminCatalog.barcodes.qtyHelp')}
                            onChange={(qty) => setQty(line.id, qty)}
                          />
                        </td>
                        <td className="text-end">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            aria-label={t('adminCatalog.barcodes.delete', { title: line.title })}
                            title={t('adminCatalog.barcodes.delete', { title: line.title })}
                            onClick={() => remove(line.id)}
                          >
                            <TrashIcon />
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </section>
      </div>

      <div className="col-12 col-lg-7 barcode-sheet-col">
        <section className="card shadow-sm barcode-sheet" aria-labelledby="barcode-sheet-title">
          <div className="card-body">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3 barcode-sheet-header">
              <h2 id="barcode-sheet-title" className="h5 mb-0 me-auto">
                {t('adminCatalog.barcodes.sheet')}{' '}
                <span className="badge text-bg-secondary fw-normal">
                  {t('adminCatalog.barcodes.labelCount', { count: total })}
                </span>
              </h2>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => window.print()}
                disabled={total === 0}
              >
                <PrintIcon className="me-1" />
                {t('adminCatalog.barcodes.print')}
              </button>
            </div>
            <ul className="barcode-labels list-unstyled mb-0" aria-label={t('adminCatalog.barcodes.sheet')}>
              {lines.flatMap((line) =>
                Array.from({ length: labelCount(line.qty) }, (_, copy) => (
                  <li key={`${line.id}-${copy}`} className="barcode-label">
                    <span className="barcode-label-title">
                      {line.title}
                      {line.attri && ` (${line.attri})`}
                    </span>
                    <BarcodeSvg
                      value={line.barcode}
                      options={LABEL_BARCODE}
                      label={line.barcode}
                      fallback={t('adminCatalog.barcodes.noBarcode')}
                    />
                    <span className="barcode-label-price">{t('common.price', { amount: line.price })}</span>
                  </li>
                )),
              )}
            </ul>
          </div>
        </section>
      </div>
    </div>
  );
}
