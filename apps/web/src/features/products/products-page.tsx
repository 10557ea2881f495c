import { AdminRowMenu } from '../../components/admin-row-menu';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { Link, useSearchParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { DownloadControl } from '../../components/download-control';
import { AdminListFooter } from '../../components/admin-pagination';
import { ImportModal, type ImportTarget } from '../../components/import-modal';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { ProductPrice, ProductThumb } from './product-bits';
import {
  BRANDS_KEY,
  CATEGORIES_KEY,
  deleteProduct,
  fetchProducts,
  PRODUCTS_KEY,
  SHOP_CATEGORIES_KEY,
  type AdminProduct,
} from './products-api';
import { QuickEditModal } from './quick-edit-modal';
import '../../components/admin-cards.css';
import './products.css';

/** The products list searches only with more than 2 characters (spec §5). */
export const SEARCH_MIN = 3;
const SEARCH_DELAY_MS = 300;

/** /admin/products: search, the table of products with a row menu, and pages. */
export function ProductsPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  // Column names for the phone layout's cards (read once, not once per row).
  const label = {
    price: t('adminCatalog.products.columns.price'),
    buyPrice: t('adminCatalog.products.columns.buyPrice'),
    qty: t('adminCatalog.products.columns.qty'),
  };
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [quick, setQuick] = useState<AdminProduct | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [importing, setImporting] = useState(false);
  // An import may add products, brands and categories: every list of them is read again.
  const imported = () => {
    for (const queryKey of [PRODUCTS_KEY, BRANDS_KEY, CATEGORIES_KEY, SHOP_CATEGORIES_KEY])
      void queryClient.invalidateQueries({ queryKey });
  };
  const importTarget: ImportTarget = {
    title: t('adminImport.products.title'),
    help: t('adminImport.products.help'),
    endpoint: '/api/product/import',
    template: { path: '/api/product/import/template', fileName: 'products-template.csv' },
    pictures: { label: t('adminImport.products.pictures'), help: t('adminImport.products.picturesHelp') },
  };

  // The box's text becomes the query (and page 1) once typing pauses; 2 characters or fewer list everything.
  useEffect(() => {
    const wanted = text.trim().length >= SEARCH_MIN ? text.trim() : '';
    if (wanted === q) return;
    const timer = setTimeout(() => {
      setParams(wanted ? { q: wanted } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const products = useQuery({
    queryKey: [...PRODUCTS_KEY, 'list', page, q],
    queryFn: () => fetchProducts(page, q),
    placeholderData: keepPreviousData,
  });

  const goTo = (next: number) => {
    const query: Record<string, string> = { page: String(next) };
    if (q) query.q = q;
    setParams(query);
  };

  const remove = useMutation({
    mutationFn: (product: AdminProduct) => deleteProduct(product.id),
    onSuccess: () => toast.success(t('adminCatalog.products.deleted')),
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: () => {
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
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

        {products.isPending ? (
          <PageSpinner />
        ) : products.isError ? (
          <LoadFailed onRetry={() => void products.refetch()} />
        ) : products.data.data.length === 0 ? (
          <p className="text-secondary mb-0">
            {q ? t('adminCatalog.products.noMatch', { q }) : t('adminCatalog.products.empty')}
          </p>
        ) : (
          <>
            <div className="table-responsive position-relative">
              <table
                className="table table-hover admin-table admin-cards mb-3"
                aria-busy={products.isFetching || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col">{t('adminCatalog.products.columns.image')}</th>
                    <th scope="col">{t('adminCatalog.products.columns.barcode')}</th>
                    <th scope="col">{t('adminCatalog.products.columns.title')}</th>
                    <th scope="col" className="num">
                      {t('adminCatalog.products.columns.price')}
                    </th>
                    <th scope="col" className="num">
                      {t('adminCatalog.products.columns.buyPrice')}
                    </th>
                    <th scope="col" className="num">
                      {t('adminCatalog.products.columns.qty')}
                    </th>
                    <th scope="col">{t('adminCatalog.products.columns.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('adminCatalog.products.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {products.data.data.map((product) => {
                    const title = name(product.title, product.title_bn);
                    const attri = name(product.attri, product.attri_bn);
                    return (
                      <tr key={product.id}>
                        <td className="card-thumb">
                          <ProductThumb image={product.image} />
                        </td>
                        <td className="font-monospace small card-full card-after">{product.barcode}</td>
                        <td className="title-cell card-main">
                          {title}
                          {attri && <span className="text-secondary"> ({attri})</span>}
                        </td>
                        <td className="num" data-label={label.price}>
                          <ProductPrice price={product.price} offprice={product.offprice} />
                        </td>
                        <td className="num" data-label={label.buyPrice}>
                          {formatNumber(product.buyprice)}
                        </td>
                        <td className="num" data-label={label.qty}>
                          {formatNumber(product.qty)}
                        </td>
                        <td className="card-full">
                          <StatusBadges product={product} />
                        </td>
                        <td className="text-end card-menu">
                          <AdminRowMenu
                            label={t('adminCatalog.products.menu', { title })}
                            items={[
                              {
                                label: t('adminCatalog.products.edit'),
                                to: `/admin/edit-product/${product.id}`,
                              },
                              {
                                label: t('adminCatalog.products.quickEdit'),
                                onClick: () => setQuick(product),
                              },
                              {
                                label: t('adminCatalog.products.optionEdit'),
                                to: `/admin/edit-product-option/${product.id}`,
                              },
                              {
                                label: t('adminCatalog.products.delete'),
                                danger: true,
                                onClick: () => setDeleting(product),
                              },
                            ]}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <AdminListFooter
              count={t('adminCatalog.products.count', {
                from: products.data.meta.from ?? 0,
                to: products.data.meta.to ?? 0,
                total: products.data.meta.total,
              })}
              meta={products.data.meta}
              onChange={goTo}
              limit={5}
            />
          </>
        )}
      </div>
      <QuickEditModal product={quick} onClose={() => setQuick(null)} />
      <ImportModal
        target={importTarget}
        show={importing}
        onClose={() => setImporting(false)}
        onImported={imported}
      />
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminCatalog.products.deleteText', {
          title: deleting ? name(deleting.title, deleting.title_bn) : '',
        })}
      </AdminConfirmModal>
    </section>
  );
}

function StatusBadges({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-1">
      {product.stock_out === 'on' && (
        <span className="badge text-bg-danger">{t('adminCatalog.products.status.stockOut')}</span>
      )}
      {product.popular === 'on' && (
        <span className="badge text-bg-info">{t('adminCatalog.products.status.popular')}</span>
      )}
      {product.offer === 'on' && (
        <span className="badge text-bg-warning">{t('adminCatalog.products.status.offer')}</span>
      )}
      {product.food === 'on' && (
        <span className="badge text-bg-success">{t('adminCatalog.products.status.food')}</span>
      )}
    </div>
  );
}
