import { passwordSchema } from '@bazar/contracts/common';
import { pinSchema, staffCreateBody } from '@bazar/contracts/staff';
import { useState } from 'react';
import { z } from 'zod';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { RoleSelect } from './role-select';
import { addStaff, editStaff, type Role, type StaffMember } from './staff-api';

/** What the dialog does: add someone, edit their details, or give them a new password or PIN. */
export type MemberTask = { kind: 'add' } | { kind: 'edit' | 'password' | 'pin'; member: StaffMember } | null;

const editBody = staffCreateBody.pick({ name: true, phone: true, role: true });

/** The Staff screen's dialog for one person (POST /api/staff, POST /api/staff/{id}). */
export function StaffMemberModal({
  task,
  roles,
  onClose,
  onSaved,
}: {
  task: MemberTask;
  roles: Role[];
  onClose: () => void;
  onSaved: (member: StaffMember) => void;
}) {
  const { t } = useTranslation();
  const name = task && task.kind !== 'add' ? task.member.name : '';
  const title = !task
    ? ''
    : task.kind === 'add'
      ? t('adminStaff.form.addTitle')
      : task.kind === 'edit'
        ? t('adminStaff.form.editTitle', { name })
        : task.kind === 'password'
          ? t('adminStaff.password.title', { name })
          : t('adminStaff.pin.title', { name });
  return (
    <FormModal show={task !== null} id="staff-form" title={title} onClose={onClose}>
      {task?.kind === 'add' && <MemberForm roles={roles} onClose={onClose} onSaved={onSaved} />}
      {task?.kind === 'edit' && (
        <MemberForm member={task.member} roles={roles} onClose={onClose} onSaved={onSaved} />
      )}
      {(task?.kind === 'password' || task?.kind === 'pin') && (
        <SecretForm kind={task.kind} member={task.member} onClose={onClose} onSaved={onSaved} />
      )}
    </FormModal>
  );
}

type Saved = { onClose: () => void; onSaved: (member: StaffMember) => void };

/** Name, phone and role; with a password and a PIN when adding. */
function MemberForm({ member, roles, onClose, onSaved }: { member?: StaffMember; roles: Role[] } & Saved) {
  const { t } = useTranslation();
  const schema = member ? editBody : staffCreateBody;
  const { register, handleSubmit, setError, formState } = useZodForm(schema as typeof staffCreateBody, {
    defaultValues: {
      name: member?.name ?? '',
      phone: member?.phone ?? '',
      role: member?.role ?? 'cashier',
      password: '',
      pin: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof staffCreateBody>) => {
    setFailure(null);
    try {
      const saved = member
        ? await editStaff(member.id, { name: values.name, phone: values.phone, role: values.role })
        : await addStaff(values);
      toast.success(member ? t('adminStaff.form.updated') : t('adminStaff.form.added'));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (setServerErrors(error, setError, ['name', 'phone', 'role', 'password', 'pin'])) return;
      setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t('adminStaff.form.save')}
      onClose={onClose}
    >
      <TextField
        id="staff-name"
        label={t('adminStaff.form.name')}
        maxLength={100}
        autoComplete="off"
        error={fieldMessage(errors.name)}
        {...register('name')}
      />
      <TextField
        id="staff-phone"
        label={t('adminStaff.form.phone')}
        type="tel"
        inputMode="tel"
        maxLength={20}
        autoComplete="off"
        error={fieldMessage(errors.phone)}
        {...register('phone')}
      />
      {!member && (
        <>
          <TextField
            id="staff-password"
            label={t('adminStaff.form.password')}
            help={t('adminStaff.form.passwordHelp')}
            type="password"
            autoComplete="new-password"
            error={fieldMessage(errors.password)}
            {...register('password')}
          />
          <TextField
            id="staff-pin"
            label={t('adminStaff.form.pin')}
            help={t('adminStaff.form.pinHelp')}
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            error={fieldMessage(errors.pin)}
            {...register('pin')}
          />
        </>
      )}
      <RoleSelect roles={roles} error={fieldMessage(errors.role)} {...register('role')} />
    </ModalForm>
  );
}

/** A new password or a new PIN for someone (their other sessions end with a new password). */
function SecretForm({
  kind,
  member,
  onClose,
  onSaved,
}: { kind: 'password' | 'pin'; member: StaffMember } & Saved) {
  const { t } = useTranslation();
  const schema = z.object({ secret: kind === 'password' ? passwordSchema : pinSchema });
  const { register, handleSubmit, setError, formState } = useZodForm(schema, {
    defaultValues: { secret: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async ({ secret }: z.output<typeof schema>) => {
    setFailure(null);
    try {
      const saved = await editStaff(member.id, kind === 'password' ? { password: secret } : { pin: secret });
      toast.success(t(`adminStaff.${kind}.saved`));
      onSaved(saved);
      onClose();
    } catch (error) {
      const said = isApiError(error, 422) ? error.errors?.[kind]?.[0] : undefined;
      if (said) setError('secret', { type: 'server', message: said });
      else setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={formState.isSubmitting}
      failure={failure}
      submitLabel={t('adminStaff.form.save')}
      onClose={onClose}
    >
      <TextField
        id="staff-secret"
        label={t(`adminStaff.${kind}.label`)}
        help={t(`adminStaff.${kind}.help`)}
        type="password"
        inputMode={kind === 'pin' ? 'numeric' : undefined}
        maxLength={kind === 'pin' ? 6 : 200}
        autoComplete={kind === 'password' ? 'new-password' : 'off'}
        className="mb-0"
        error={fieldMessage(formState.errors.secret)}
        {...register('secret')}
      />
    </ModalForm>
  );
}
