import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminListFooter } from '../../components/admin-pagination';
import { useConfirmDelete } from '../../components/confirm-delete';
import { DownloadControl } from '../../components/download-control';
import { ImportModal, type ImportTarget } from '../../components/import-modal';
import { QueryState } from '../../components/query-state';
import { urlOf } from '../../lib/api';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useAdminList } from '../../lib/use-admin-list';
import {
  BRANDS_KEY,
  CATEGORIES_KEY,
  deleteProduct,
  productsChanged,
  PRODUCTS_KEY,
  SHOP_CATEGORIES_KEY,
  type AdminProduct,
} from './products-api';
import { ProductsTable } from './products-table';
import { QuickEditModal } from './quick-edit-modal';
import './products.css';

/** The products list searches only with more than 2 characters. */
const SEARCH_MIN = 3;
const SEARCH_DELAY_MS = 300;

/**
 * /admin/products: search, the table of products with a row menu, and pages. The search text and
 * the page are in the URL (`?q=rice&page=2`).
 */
export function ProductsPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const list = useAdminList('GET /api/products', { filters: { q: '' } });
  const q = list.filters.q;
  const [, setParams] = useSearchParams();
  const [text, setText] = useState(q);
  const [quick, setQuick] = useState<AdminProduct | null>(null);
  const [importing, setImporting] = useState(false);
  // An import may add products, brands and categories: every list of them is read again.
  const imported = () => {
    void productsChanged(queryClient);
    for (const queryKey of [BRANDS_KEY, CATEGORIES_KEY, SHOP_CATEGORIES_KEY])
      void queryClient.invalidateQueries({ queryKey });
  };
  const importTarget: ImportTarget = {
    title: t('adminImport.products.title'),
    help: t('adminImport.products.help'),
    endpoint: 'POST /api/product/import',
    template: { path: urlOf('GET /api/product/import/template'), fileName: 'products-template.csv' },
    pictures: { label: t('adminImport.products.pictures'), help: t('adminImport.products.picturesHelp') },
  };

  // The box's text becomes the query (and page 1) once typing pauses; 2 characters or fewer list
  // everything. Typing replaces the address rather than adding a step to Back for each pause.
  useEffect(() => {
    const wanted = text.trim().length >= SEARCH_MIN ? text.trim() : '';
    if (wanted === q) return;
    const timer = setTimeout(
      () => setParams(wanted ? { q: wanted } : {}, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const remover = useConfirmDelete<AdminProduct>({
    // A refused delete (the product gone meanwhile) reads the list again too.
    remove: (product) =>
      deleteProduct(product.id).catch((error: unknown) => {
        void list.refresh();
        throw error;
      }),
    onDeleted: (product) => list.removeRow(product.id),
    deleted: t('adminCatalog.products.deleted'),
    question: (product) =>
      t('adminCatalog.products.deleteText', { title: name(product.title, product.title_bn) }),
  });

  return (
    <section className="card shadow-sm" aria-labelledby="products-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="products-title" className="h4 mb-0 me-auto">
            {t('adminCatalog.products.title')}
          </h1>
          <DownloadControl name="products" query={{ q }} />
          <button type="button" className="btn btn-outline-primary" onClick={() => setImporting(true)}>
            {t('adminImport.open')}
          </button>
          <Link to="/admin/add-product" className="btn btn-primary">
            {t('adminCatalog.products.add')}
          </Link>
        </div>
        <form className="mb-3" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="products-search" className="form-label">
            {t('adminCatalog.products.search')}
          </label>
          <input
            id="products-search"
            type="search"
            className="form-control"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby="products-search-help"
            autoComplete="off"
          />
          <div id="products-search-help" className="form-text">
            {t('adminCatalog.products.searchHelp')}
          </div>
        </form>

        <QueryState
          query={list.query}
          empty={q ? t('adminCatalog.products.noMatch', { q }) : t('adminCatalog.products.empty')}
        >
          {(page) => (
            <>
              <ProductsTable
                rows={page.data}
                busy={list.query.isFetching}
                onQuickEdit={setQuick}
                onDelete={remover.ask}
              />
              <AdminListFooter
                count={t('adminCatalog.products.count', {
                  from: page.meta.from ?? 0,
                  to: page.meta.to ?? 0,
                  total: page.meta.total,
                })}
                meta={page.meta}
                onChange={list.setPage}
                limit={5}
              />
            </>
          )}
        </QueryState>
      </div>
      <QuickEditModal
        product={quick}
        onClose={() => setQuick(null)}
        onSaved={(saved) => {
          list.updateRow(saved.id, () => saved);
          // The product's own page and its size group show it too.
          void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
        }}
      />
      <ImportModal
        target={importTarget}
        show={importing}
        onClose={() => setImporting(false)}
        onImported={imported}
      />
      {remover.dialog}
    </section>
  );
}
