import type { ProductRequest } from '@bazar/contracts/catalog';
import { withPage, type Page } from '@bazar/contracts/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { AdminPagination } from '../../components/admin-pagination';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { api } from '../../lib/api';
import '../../components/admin-cards.css';
import { useShopTime } from '../../lib/shop-time';

export const REQUESTS_KEY = ['admin', 'requests'] as const;

/** One page of the requests, newest first. */
const fetchRequests = (page: number) => {
  return api.get<Page<ProductRequest>>(withPage('/api/requests', page));
};

/** /admin/pro-request: what customers asked to be told about when it is back in stock. */
export function RequestsPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useShopTime();
  const [page, setPage] = useState(1);
  const requests = useQuery({
    queryKey: [...REQUESTS_KEY, page],
    queryFn: () => fetchRequests(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  return (
    <section className="card shadow-sm" aria-labelledby="requests-title">
      <div className="card-body">
        <h1 id="requests-title" className="h4 mb-3">
          {t('adminCatalog.requests.title')}
        </h1>
        {requests.isPending ? (
          <PageSpinner />
        ) : requests.isError ? (
          <LoadFailed onRetry={() => void requests.refetch()} />
        ) : requests.data.data.length === 0 ? (
          <p className="text-secondary mb-0">{t('adminCatalog.requests.empty')}</p>
        ) : (
          <div className="table-responsive position-relative">
            <table className="table table-striped align-middle admin-cards mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('adminCatalog.requests.columns.name')}</th>
                  <th scope="col">{t('adminCatalog.requests.columns.phone')}</th>
                  <th scope="col">{t('adminCatalog.requests.columns.product')}</th>
                  <th scope="col" className="text-end">
                    {t('adminCatalog.requests.columns.price')}
                  </th>
                  <th scope="col">{t('adminCatalog.requests.columns.time')}</th>
                </tr>
              </thead>
              <tbody>
                {requests.data.data.map((request) => (
                  <tr key={request.id}>
                    <td className="card-main">{request.name}</td>
                    <td className="text-nowrap" data-label={t('adminCatalog.requests.columns.phone')}>
                      <a href={`tel:${request.phone}`}>{request.phone}</a>
                    </td>
                    <td className="card-full">
                      {name(request.product_title, request.product_title_bn)}
                      {name(request.product_attri, request.product_attri_bn) && (
                        <span className="text-secondary">
                          {' '}
                          ({name(request.product_attri, request.product_attri_bn)})
                        </span>
                      )}
                    </td>
                    <td className="text-end" data-label={t('adminCatalog.requests.columns.price')}>
                      {formatNumber(request.product_price)}
                    </td>
                    <td className="text-nowrap" data-label={t('adminCatalog.requests.columns.time')}>
                      <time dateTime={request.created}>{time.dateTime(request.created)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {requests.data && (
          <div className="mt-3">
            <AdminPagination meta={requests.data.meta} limit={5} onChange={setPage} />
          </div>
        )}
      </div>
    </section>
  );
}
