import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminListFooter } from '../../components/admin-pagination';
import { DataTable } from '../../components/data-table';
import { DownloadControl } from '../../components/download-control';
import { QueryState } from '../../components/query-state';
import { call } from '../../lib/api';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { useAdminList } from '../../lib/use-admin-list';
import { usePermissions } from '../auth/permissions';
import '../../components/admin-cards.css';
import { AUDIT_ACTIONS, auditSentence } from './audit-sentence';

const fetchStaff = () => call('GET /api/staff', { query: { per_page: 100 } }).then((a) => a.data);
const verifyTrail = () => call('GET /api/audit/verify').then((a) => a.data);

/**
 * /admin/audit (the owner's): who did what, when and from where, newest first, each event as a
 * sentence; filtered by shop days, person and action (in the URL); and a check that nobody edited
 * or removed an event (GET /api/audit/verify).
 */
export function AuditPage() {
  const i18n = useTranslation();
  const { t } = i18n;
  const time = useShopTime();
  const { can } = usePermissions();
  const list = useAdminList('GET /api/audit', {
    filters: { from: '', to: '', staff_id: '', action: '' },
    staleTime: 0,
  });
  const staff = useQuery({
    queryKey: ['admin', 'staff-names'],
    queryFn: fetchStaff,
    enabled: can('staff.manage'),
  });
  const verify = useMutation({ mutationFn: verifyTrail });
  const [draft, setDraft] = useState(list.filters);

  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(draft);
  };
  const field = (key: keyof typeof draft) => ({
    id: `audit-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  const column = {
    what: t('adminStaff.audit.columns.what'),
    where: t('adminStaff.audit.columns.where'),
  };

  return (
    <section className="card shadow-sm" aria-labelledby="audit-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="audit-title" className="h4 mb-0 me-auto">
            {t('adminStaff.audit.title')}
          </h1>
          <DownloadControl name="audit" query={list.filters} disabled={!list.rows.length} />
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={verify.isPending}
            onClick={() => verify.mutate()}
          >
            {verify.isPending ? t('adminStaff.audit.verifying') : t('adminStaff.audit.verify')}
          </button>
        </div>
        <div aria-live="polite">
          {verify.data && (
            <div className={`alert ${verify.data.ok ? 'alert-success' : 'alert-danger'} py-2`} role="status">
              {verify.data.ok
                ? t('adminStaff.audit.intact', { count: i18n.formatNumber(verify.data.checked) })
                : t('adminStaff.audit.broken', { id: String(verify.data.first_broken_id) })}
            </div>
          )}
        </div>

        <form
          className="row g-2 align-items-end mb-3"
          aria-label={t('adminStaff.audit.search')}
          onSubmit={search}
        >
          <div className="col-6 col-md-2">
            <label htmlFor="audit-from" className="form-label">
              {t('adminStaff.audit.from')}
            </label>
            <input type="date" className="form-control" {...field('from')} />
          </div>
          <div className="col-6 col-md-2">
            <label htmlFor="audit-to" className="form-label">
              {t('adminStaff.audit.to')}
            </label>
            <input type="date" className="form-control" {...field('to')} />
          </div>
          {can('staff.manage') && (
            <div className="col-6 col-md-3">
              <label htmlFor="audit-staff_id" className="form-label">
                {t('adminStaff.audit.person')}
              </label>
              <select className="form-select" {...field('staff_id')}>
                <option value="">{t('adminStaff.audit.everyone')}</option>
                {staff.data?.map((member) => (
                  <option key={member.id} value={String(member.id)}>
                    {member.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="col-6 col-md-3">
            <label htmlFor="audit-action" className="form-label">
              {t('adminStaff.audit.action')}
            </label>
            <select className="form-select" {...field('action')}>
              <option value="">{t('adminStaff.audit.everything')}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`adminStaff.audit.actions.${action}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-2">
            <button type="submit" className="btn btn-primary w-100">
              {t('adminStaff.audit.apply')}
            </button>
          </div>
        </form>

        <QueryState query={list.query} empty={t('adminStaff.audit.empty')}>
          {(page) => (
            <>
              <DataTable
                labelledBy="audit-title"
                className="table-sm align-middle admin-cards mb-3"
                busy={list.query.isFetching}
                rows={page.data}
                rowKey={(event) => event.id}
                columns={[
                  {
                    key: 'what',
                    header: column.what,
                    className: 'card-main',
                    cell: (event) => auditSentence(event, i18n),
                  },
                  {
                    key: 'when',
                    header: t('adminStaff.audit.columns.when'),
                    label: t('adminStaff.audit.columns.when'),
                    className: 'card-half',
                    cell: (event) => time.dateTime(event.at),
                  },
                  {
                    key: 'where',
                    header: column.where,
                    label: column.where,
                    className: 'card-half',
                    cell: (event) =>
                      [event.ip, event.till && t('adminStaff.audit.till', { till: event.till })]
                        .filter(Boolean)
                        .join(', ') || '—',
                  },
                ]}
              />
              <AdminListFooter
                count={t('adminStaff.audit.count', {
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
    </section>
  );
}
