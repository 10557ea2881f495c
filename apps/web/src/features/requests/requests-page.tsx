import { AdminPagination } from '../../components/admin-pagination';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopTime } from '../../lib/shop-time';
import { useAdminList } from '../../lib/use-admin-list';
import '../../components/admin-cards.css';

/**
 * /admin/pro-request: what customers asked to be told about when it is back in stock, newest
 * first; the page is in the URL.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useShopTime();
  // Customers ask all day: read again each time the screen opens.
  const list = useAdminList('GET /api/requests', { staleTime: 0 });
  const column = {
    phone: t('adminCatalog.requests.columns.phone'),
    price: t('adminCatalog.requests.columns.price'),
    time: t('adminCatalog.requests.columns.time'),
  };

  return (
    <section className="card shadow-sm" aria-labelledby="requests-title">
      <div className="card-body">
        <h1 id="requests-title" className="h4 mb-3">
          {t('adminCatalog.requests.title')}
        </h1>
        <QueryState query={list.query} empty={t('adminCatalog.requests.empty')}>
          {(page) => (
            <DataTable
              className="table-striped align-middle admin-cards mb-0"
              busy={list.query.isFetching}
              rows={page.data}
              rowKey={(request) => request.id}
              columns={[
                {
                  key: 'name',
                  header: t('adminCatalog.requests.columns.name'),
                  className: 'card-main',
                  cell: (request) => request.name,
                },
                {
                  key: 'phone',
                  header: column.phone,
                  label: column.phone,
                  className: 'text-nowrap',
                  cell: (request) => <a href={`tel:${request.phone}`}>{request.phone}</a>,
                },
                {
                  key: 'product',
                  header: t('adminCatalog.requests.columns.product'),
                  className: 'card-full',
                  cell: (request) => (
                    <>
                      {name(request.product_title, request.product_title_bn)}
                      {name(request.product_attri, request.product_attri_bn) && (
                        <span className="text-secondary">
                          {' '}
                          ({name(request.product_attri, request.product_attri_bn)})
                        </span>
                      )}
                    </>
                  ),
                },
                {
                  key: 'price',
                  header: column.price,
                  label: column.price,
                  className: 'text-end',
                  cell: (request) => formatNumber(request.product_price),
                },
                {
                  key: 'time',
                  header: column.time,
                  label: column.time,
                  className: 'text-nowrap',
                  cell: (request) => <time dateTime={request.created}>{time.dateTime(request.created)}</time>,
                },
              ]}
            />
          )}
        </QueryState>
        {list.query.data && (
          <div className="mt-3">
            <AdminPagination meta={list.query.data.meta} limit={5} onChange={list.setPage} />
          </div>
        )}
      </div>
    </section>
  );
}
