import { PERMISSION_GROUPS, type Permission } from '@bazar/contracts/permissions';
import { roleCreateBody } from '@bazar/contracts/staff';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { FieldError } from '../../components/field-error';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { useRoleName } from './role-select';
import { addRole, editRole, type Role } from './staff-api';

/** A new role (from scratch, or a copy of one), or changes to one. */
export type RoleTask = { kind: 'add'; from?: Role } | { kind: 'edit'; role: Role } | null;

/** The Staff screen's role dialog: a name, a discount limit and the permissions, by area. */
export function RoleModal({
  task,
  onClose,
  onSaved,
}: {
  task: RoleTask;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const title = !task
    ? ''
    : task.kind === 'edit'
      ? t('adminStaff.roles.form.editTitle', { name: roleName(task.role) })
      : t('adminStaff.roles.form.addTitle');
  return (
    <FormModal show={task !== null} id="role-form" title={title} onClose={onClose} size="lg">
      {task && <RoleForm task={task} onClose={onClose} onSaved={onSaved} />}
    </FormModal>
  );
}

function RoleForm({
  task,
  onClose,
  onSaved,
}: {
  task: NonNullable<RoleTask>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const base = task.kind === 'edit' ? task.role : task.from;
  const { register, control, handleSubmit, setError, formState } = useZodForm(roleCreateBody, {
    defaultValues: {
      name:
        task.kind === 'edit'
          ? task.role.name
          : base
            ? t('adminStaff.roles.form.copyOf', { name: roleName(base) })
            : '',
      discount_limit: base ? base.discount_limit : 0,
      permissions: base?.permissions ?? [],
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof roleCreateBody>) => {
    setFailure(null);
    try {
      if (task.kind === 'edit') {
        const { name, permissions, discount_limit } = values;
        await editRole(task.role.id, { name, permissions, discount_limit });
      } else {
        await addRole({
          name: values.name,
          permissions: values.permissions,
          discount_limit: values.discount_limit,
        });
      }
      toast.success(
        task.kind === 'edit' ? t('adminStaff.roles.form.updated') : t('adminStaff.roles.form.added'),
      );
      onSaved();
      onClose();
    } catch (error) {
      if (setServerErrors(error, setError, ['name', 'permissions', 'discount_limit'])) return;
      setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t('adminStaff.roles.form.save')}
      onClose={onClose}
    >
      <div className="row g-3 mb-3">
        <div className="col-sm-7">
          <TextField
            id="role-name"
            label={t('adminStaff.roles.form.name')}
            maxLength={100}
            autoComplete="off"
            className="mb-0"
            error={fieldMessage(errors.name)}
            {...register('name')}
          />
        </div>
        <div className="col-sm-5">
          <TextField
            id="role-discount"
            label={t('adminStaff.roles.form.discount')}
            help={t('adminStaff.roles.form.discountHelp')}
            {...numberField('whole')}
            maxLength={3}
            className="mb-0"
            error={fieldMessage(errors.discount_limit)}
            {...numberInput(register, 'discount_limit', { empty: null })}
          />
        </div>
      </div>
      <fieldset>
        <legend className="form-label fs-6 fw-semibold">{t('adminStaff.roles.form.permissions')}</legend>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <div className="row row-cols-1 row-cols-md-2 g-3">
              {Object.entries(PERMISSION_GROUPS).map(([area, names]) => (
                <fieldset key={area} className="col">
                  <legend className="small text-secondary text-uppercase mb-1">
                    {t(`adminStaff.areas.${area as 'till'}`)}
                  </legend>
                  {(names as readonly Permission[]).map((name) => {
                    const id = `permission-${name.replace(/[._]/g, '-')}`;
                    const held = field.value.includes(name);
                    return (
                      <div key={name} className="form-check">
                        <input
                          id={id}
                          type="checkbox"
                          className="form-check-input"
                          checked={held}
                          onChange={() =>
                            field.onChange(
                              held ? field.value.filter((p) => p !== name) : [...field.value, name],
                            )
                          }
                        />
                        <label htmlFor={id} className="form-check-label">
                          {t(`adminStaff.permission.${name}`)}
                        </label>
                      </div>
                    );
                  })}
                </fieldset>
              ))}
            </div>
          )}
        />
        <FieldError id="role-permissions" message={fieldMessage(errors.permissions)} />
      </fieldset>
    </ModalForm>
  );
}
