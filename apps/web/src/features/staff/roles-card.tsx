import { PERMISSIONS } from '@bazar/contracts/permissions';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminRowMenu } from '../../components/admin-row-menu';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { RoleModal, type RoleTask } from './role-modal';
import { useRoleName } from './role-select';
import { ROLES_KEY, type Role } from './staff-api';

/** The roles: what each lets its people do; the owner's is everything and cannot change. */
export function RolesCard({ roles }: { roles: UseQueryResult<Role[]> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [task, setTask] = useState<RoleTask>(null);
  const column = {
    people: t('adminStaff.roles.columns.people'),
    discount: t('adminStaff.roles.columns.discount'),
    permissions: t('adminStaff.roles.columns.permissions'),
  };
  const act = (next: RoleTask) => () => {
    setOpenMenu(null);
    setTask(next);
  };

  return (
    <section className="card shadow-sm" aria-labelledby="roles-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 id="roles-title" className="h5 mb-0 me-auto">
            {t('adminStaff.roles.title')}
          </h2>
          <button type="button" className="btn btn-outline-primary" onClick={act({ kind: 'add' })}>
            {t('adminStaff.roles.add')}
          </button>
        </div>
        <QueryState query={roles} empty={t('adminStaff.roles.empty')} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <DataTable
              labelledBy="roles-title"
              className="table-hover align-middle admin-cards mb-0"
              rows={data}
              rowKey={(role) => role.id}
              columns={[
                {
                  key: 'name',
                  header: t('adminStaff.roles.columns.name'),
                  className: 'card-main',
                  cell: roleName,
                },
                {
                  key: 'people',
                  header: column.people,
                  label: column.people,
                  className: 'num text-end card-half',
                  cell: (role) => formatNumber(role.staff),
                },
                {
                  key: 'discount',
                  header: column.discount,
                  label: column.discount,
                  className: 'num text-end card-half',
                  cell: (role) =>
                    role.discount_limit === null
                      ? t('adminStaff.roles.noLimit')
                      : t('adminStaff.roles.percent', { value: role.discount_limit }),
                },
                {
                  key: 'permissions',
                  header: column.permissions,
                  label: column.permissions,
                  className: 'card-half',
                  cell: (role) =>
                    role.key === 'owner'
                      ? t('adminStaff.roles.everything')
                      : t('adminStaff.roles.permissionCount', {
                          count: role.permissions.length,
                          total: PERMISSIONS.length,
                        }),
                },
                {
                  key: 'actions',
                  header: <span className="visually-hidden">{t('adminStaff.roles.columns.actions')}</span>,
                  className: 'text-end actions-cell card-menu',
                  cell: (role) => (
                    <AdminRowMenu
                      label={t('adminStaff.roles.menu', { name: roleName(role) })}
                      open={openMenu === role.id}
                      onToggle={(next) =>
                        setOpenMenu((current) => (next ? role.id : current === role.id ? null : current))
                      }
                      items={[
                        ...(role.key === 'owner'
                          ? []
                          : [{ label: t('adminStaff.roles.edit'), onClick: act({ kind: 'edit', role }) }]),
                        { label: t('adminStaff.roles.copy'), onClick: act({ kind: 'add', from: role }) },
                      ]}
                    />
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </div>
      <RoleModal
        task={task}
        onClose={() => setTask(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: ROLES_KEY })}
      />
    </section>
  );
}
