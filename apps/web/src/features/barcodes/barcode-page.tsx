import type { FoundProduct } from '@bazar/contracts/catalog';
import { useState } from 'react';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { PrintIcon, TrashIcon } from '../../components/admin-icons';
import { DataTable } from '../../components/data-table';
import { QtyCell } from '../../components/qty-cell';
import { StaffProductSearch } from '../../components/staff-product-search';
import { BarcodeSvg, LABEL_BARCODE } from './barcode-svg';
import './barcode-page.css';

/** The barcode page searches only with more than 2 characters. */
const SEARCH_MIN = 3;

export interface LabelLine {
  id: number;
  title: string;
  attri: string;
  /** The Bangla title and attribute ('' for none): the list and the labels name it in the screen's language. */
  title_bn: string;
  attri_bn: string;
  barcode: string;
  price: number;
  qty: number;
}

/** How many labels a line prints: its quantity rounded up (1.5 kg of something is two labels). */
export const labelCount = (qty: number) => (Number.isFinite(qty) && qty > 0 ? Math.ceil(qty - 1e-9) : 0);

/** /admin/barcode: pick products, say how many labels of each, print them. */
export function BarcodePage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const [lines, setLines] = useState<LabelLine[]>([]);

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
              title_bn: product.title_bn,
              attri_bn: product.attri_bn,
              barcode: product.barcode,
              price: product.offprice ?? product.price,
              qty: 1,
            },
          ],
    );
  };

  const setQty = (id: number, qty: number) =>
    setLines((current) => current.map((line) => (line.id === id ? { ...line, qty } : line)));
  const remove = (id: number) => setLines((current) => current.filter((line) => line.id !== id));
  const total = lines.reduce((sum, line) => sum + labelCount(line.qty), 0);
  // The list and the labels name each product in the screen's language (the other when it has none).
  const shown = lines.map((line) => ({
    ...line,
    title: name(line.title, line.title_bn),
    attri: name(line.attri, line.attri_bn),
  }));

  return (
    <div className="row g-3 barcode-page">
      <div className="col-12 col-lg-5 barcode-tools">
        <section className="card shadow-sm" aria-labelledby="barcode-title">
          <div className="card-body">
            <h1 id="barcode-title" className="h4 mb-3">
              {t('adminCatalog.barcodes.title')}
            </h1>
            <StaffProductSearch
              id="barcode-search"
              min={SEARCH_MIN}
              labels={{
                search: t('adminCatalog.barcodes.search'),
                placeholder: t('adminCatalog.barcodes.searchPlaceholder'),
                help: t('adminCatalog.barcodes.searchHelp'),
                suggestions: t('adminCatalog.barcodes.suggestions'),
                noMatch: t('adminCatalog.barcodes.noMatch'),
              }}
              price={(product) => formatNumber(product.offprice ?? product.price)}
              onPick={pick}
            />

            <h2 className="h6">{t('adminCatalog.barcodes.list')}</h2>
            {lines.length === 0 ? (
              <p className="text-secondary small mb-0">{t('adminCatalog.barcodes.empty')}</p>
            ) : (
              <div className="table-responsive position-relative">
                <DataTable
                  className="table-sm align-middle mb-0"
                  responsive={false}
                  rows={shown}
                  rowKey={(line) => line.id}
                  columns={[
                    {
                      key: 'title',
                      header: t('adminCatalog.barcodes.columns.title'),
                      cell: (line) => line.title,
                    },
                    {
                      key: 'attri',
                      header: t('adminCatalog.barcodes.columns.attri'),
                      cell: (line) => line.attri,
                    },
                    {
                      key: 'qty',
                      header: t('adminCatalog.barcodes.columns.qty'),
                      cell: (line) => (
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
                      ),
                    },
                    {
                      key: 'del',
                      header: (
                        <span className="visually-hidden">{t('adminCatalog.barcodes.columns.del')}</span>
                      ),
                      className: 'text-end',
                      cell: (line) => (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={t('adminCatalog.barcodes.delete', { title: line.title })}
                          title={t('adminCatalog.barcodes.delete', { title: line.title })}
                          onClick={() => remove(line.id)}
                        >
                          <TrashIcon />
                        </button>
                      ),
                    },
                  ]}
                />
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
              {shown.flatMap((line) =>
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
