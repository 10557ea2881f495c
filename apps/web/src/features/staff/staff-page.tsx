import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { AdminListFooter } from '../../components/admin-pagination';
import { AdminRowMenu, type RowMenuItem } from '../../components/admin-row-menu';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { useAdminList } from '../../lib/use-admin-list';
import '../../components/admin-cards.css';
import { RolesCard } from './roles-card';
import { useRoleName } from './role-select';
import { editStaff, fetchRoles, ROLES_KEY, type StaffMember } from './staff-api';
import { StaffMemberModal, type MemberTask } from './staff-member-modal';

/** /admin/staff (the owner's): the people who work in the shop, and their roles below. */
export function StaffPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useAdminList('GET /api/staff', { staleTime: 0 });
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: fetchRoles });
  const roleName = useRoleName();
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [task, setTask] = useState<MemberTask>(null);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);

  const saved = (member: StaffMember) => {
    list.updateRow(member.id, () => member);
    void list.refresh();
    void queryClient.invalidateQueries({ queryKey: ROLES_KEY }); // the roles' head counts
  };
  const change = useMutation({
    mutationFn: ({ member, body }: { member: StaffMember; body: { active?: boolean; unlock?: true } }) =>
      editStaff(member.id, body),
    onSuccess: (member, { body }) => {
      setDeactivating(null);
      saved(member);
      toast.success(
        body.unlock
          ? t('adminStaff.unlocked')
          : t(member.active ? 'adminStaff.activated' : 'adminStaff.deactivated', { name: member.name }),
      );
    },
    onError: (error) => {
      setDeactivating(null);
      toast.error(serverMessage(error, t('common.somethingWrong')));
    },
  });
  const roleOf = (member: StaffMember) => {
    const role = roles.data?.find((r) => r.key === member.role);
    return role ? roleName(role) : member.role_name;
  };
  const menuItems = (member: StaffMember): RowMenuItem[] => {
    const act = (next: () => void) => () => {
      setOpenMenu(null);
      next();
    };
    return [
      { label: t('adminStaff.edit'), onClick: act(() => setTask({ kind: 'edit', member })) },
      { label: t('adminStaff.resetPassword'), onClick: act(() => setTask({ kind: 'password', member })) },
      { label: t('adminStaff.resetPin'), onClick: act(() => setTask({ kind: 'pin', member })) },
      ...(member.locked
        ? [
            {
              label: t('adminStaff.unlock'),
              onClick: act(() => change.mutate({ member, body: { unlock: true } })),
            },
          ]
        : []),
      member.active
        ? { label: t('adminStaff.deactivate'), danger: true, onClick: act(() => setDeactivating(member)) }
        : {
            label: t('adminStaff.activate'),
            onClick: act(() => change.mutate({ member, body: { active: true } })),
          },
    ];
  };
  const column = {
    phone: t('adminStaff.columns.phone'),
    role: t('adminStaff.columns.role'),
    status: t('adminStaff.columns.status'),
  };

  return (
    <>
      <section className="card shadow-sm mb-3" aria-labelledby="staff-title">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <h1 id="staff-title" className="h4 mb-0 me-auto">
              {t('adminStaff.title')}
            </h1>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!roles.data}
              onClick={() => setTask({ kind: 'add' })}
            >
              {t('adminStaff.add')}
            </button>
          </div>
          <QueryState query={list.query} empty={t('adminStaff.empty')}>
            {(page) => (
              <>
                <DataTable
                  labelledBy="staff-title"
                  className="table-hover align-middle admin-cards mb-3"
                  busy={list.query.isFetching}
                  rows={page.data}
                  rowKey={(member) => member.id}
                  columns={[
                    {
                      key: 'name',
                      header: t('adminStaff.columns.name'),
                      className: 'card-main',
                      cell: (member) => member.name,
                    },
                    {
                      key: 'phone',
                      header: column.phone,
                      label: column.phone,
                      className: 'text-nowrap card-half',
                      cell: (member) => member.phone,
                    },
                    {
                      key: 'role',
                      header: column.role,
                      label: column.role,
                      className: 'card-half',
                      cell: roleOf,
                    },
                    {
                      key: 'status',
                      header: column.status,
                      label: column.status,
                      className: 'card-half',
                      cell: (member) => (
                        <span className="d-inline-flex flex-wrap gap-1">
                          <span
                            className={`badge ${member.active ? 'text-bg-success' : 'text-bg-secondary'}`}
                          >
                            {member.active ? t('adminStaff.active') : t('adminStaff.inactive')}
                          </span>
                          {member.locked && (
                            <span className="badge text-bg-warning">{t('adminStaff.locked')}</span>
                          )}
                        </span>
                      ),
                    },
                    {
                      key: 'actions',
                      header: <span className="visually-hidden">{t('adminStaff.columns.actions')}</span>,
                      className: 'text-end actions-cell card-menu',
                      cell: (member) => (
                        <AdminRowMenu
                          label={t('adminStaff.menu', { name: member.name })}
                          open={openMenu === member.id}
                          onToggle={(next) =>
                            setOpenMenu((current) =>
                              next ? member.id : current === member.id ? null : current,
                            )
                          }
                          items={menuItems(member)}
                        />
                      ),
                    },
                  ]}
                />
                <AdminListFooter
                  count={t('adminStaff.count', {
                    from: page.meta.from ?? 0,
                    to: page.meta.to ?? 0,
                    total: page.meta.total,
                  })}
                  meta={page.meta}
                  onChange={(next) => {
                    setOpenMenu(null);
                    list.setPage(next);
                  }}
                  limit={5}
                />
              </>
            )}
          </QueryState>
        </div>
      </section>
      <RolesCard roles={roles} />
      <StaffMemberModal task={task} roles={roles.data ?? []} onClose={() => setTask(null)} onSaved={saved} />
      <AdminConfirmModal
        show={deactivating !== null}
        title={t('adminStaff.deactivateTitle')}
        confirmLabel={t('adminStaff.deactivate')}
        pending={change.isPending}
        onConfirm={() => deactivating && change.mutate({ member: deactivating, body: { active: false } })}
        onClose={() => setDeactivating(null)}
      >
        {deactivating && t('adminStaff.deactivateQuestion', { name: deactivating.name })}
      </AdminConfirmModal>
    </>
  );
}
