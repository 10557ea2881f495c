import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
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
        <table className="table table-sm align-middle report-table mb-0" aria-labelledby="dash-top-title">
          <thead>
            <tr>
              <th scope="col">{t('adminReports.dashboard.columns.product')}</th>
              <th scope="col" className="num">
                {t('adminReports.dashboard.columns.price')}
              </th>
              <th scope="col" className="num">
                {t('adminReports.dashboard.columns.qty')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.product_id}-${row.name}-${row.attri}-${row.price}-${row.buyprice}`}>
                <td>
                  <Titled title={name(row.name, row.name_bn)} attri={name(row.attri, row.attri_bn)} />
                </td>
                <td className="num">{formatNumber(row.price)}</td>
                <td className="num">{formatQty(row.qty)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
        <table
          className="table table-sm align-middle report-table mb-0"
          aria-labelledby="dash-today-expance-title"
        >
          <thead>
            <tr>
              <th scope="col">{t('adminReports.dashboard.columns.details')}</th>
              <th scope="col" className="num">
                {t('adminReports.dashboard.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="text-break">{row.details}</td>
                <td className="num">{formatNumber(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListCard>
  );
}
