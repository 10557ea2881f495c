import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { ListCard, Titled } from './list-card';
import {
  DASHBOARD_LIST_LIMIT,
  dayExpensesKey,
  fetchDayExpenses,
  fetchProductSales,
  formatQty,
  productSaleKey,
} from './reports-api';

const ALL_TIME = { from: '', to: '' };

/** The five products sold most, of all time (GET /api/product-sale with empty dates and limit=5). */
export function TopSellingCard() {
  const { t } = useTranslation();
  const name = useLocalName();
  const sales = useQuery({
    queryKey: productSaleKey(ALL_TIME, DASHBOARD_LIST_LIMIT),
    queryFn: () => fetchProductSales(ALL_TIME, DASHBOARD_LIST_LIMIT),
    select: (rows) => rows.slice(0, DASHBOARD_LIST_LIMIT),
    staleTime: 0,
  });
  return (
    <ListCard
      id="dash-top"
      title={t('adminReports.dashboard.topSelling')}
      note={t('adminReports.dashboard.topSellingNote')}
      link={<Link to="/admin/product-sale">{t('adminReports.dashboard.viewDetails')}</Link>}
      query={sales}
      empty={t('adminReports.dashboard.noSales')}
    >
      {(rows) => (
        <DataTable
          labelledBy="dash-top-title"
          className="table-sm align-middle report-table mb-0"
          rows={rows}
          rowKey={(row) => `${row.product_id}-${row.name}-${row.attri}-${row.price}-${row.buyprice}`}
          columns={[
            {
              key: 'product',
              header: t('adminReports.dashboard.columns.product'),
              cell: (row) => (
                <Titled title={name(row.name, row.name_bn)} attri={name(row.attri, row.attri_bn)} />
              ),
            },
            {
              key: 'price',
              header: t('adminReports.dashboard.columns.price'),
              className: 'num',
              cell: (row) => formatNumber(row.price),
            },
            {
              key: 'qty',
              header: t('adminReports.dashboard.columns.qty'),
              className: 'num',
              cell: (row) => formatQty(row.qty),
            },
          ]}
        />
      )}
    </ListCard>
  );
}

/** The first five of today's expenses, newest first. */
export function TodaysExpanceCard({ day }: { day: string }) {
  const { t } = useTranslation();
  const expenses = useQuery({
    queryKey: dayExpensesKey(day),
    queryFn: () => fetchDayExpenses(day),
    select: (rows) => rows.slice(0, DASHBOARD_LIST_LIMIT),
    staleTime: 0,
  });
  return (
    <ListCard
      id="dash-today-expance"
      title={t('adminReports.dashboard.todaysExpance')}
      link={<Link to="/admin/expance">{t('adminReports.dashboard.viewAll')}</Link>}
      query={expenses}
      empty={t('adminReports.dashboard.noExpance')}
    >
      {(rows) => (
        <DataTable
          labelledBy="dash-today-expance-title"
          className="table-sm align-middle report-table mb-0"
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'details',
              header: t('adminReports.dashboard.columns.details'),
              className: 'text-break',
              cell: (row) => row.details,
            },
            {
              key: 'amount',
              header: t('adminReports.dashboard.columns.amount'),
              className: 'num',
              cell: (row) => formatNumber(row.amount),
            },
          ]}
        />
      )}
    </ListCard>
  );
}
