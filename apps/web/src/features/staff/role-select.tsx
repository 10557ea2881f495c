import type { SelectHTMLAttributes, Ref } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { useTranslation } from '../../lib/i18n/i18n';
import type { Role } from './staff-api';

/** A role's name on screen: a built-in role's in the screen's language, one the owner made as typed. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: Pick<Role, 'key' | 'name' | 'built_in'>) =>
    role.built_in ? t(`adminStaff.builtInRoles.${role.key as 'owner'}`) : role.name;
}

/** The role picker of the staff form: every role by name. */
export function RoleSelect({
  roles,
  error,
  ...select
}: {
  roles: Role[];
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  return (
    <div className="mb-0">
      <label htmlFor="staff-role" className="form-label">
        {t('adminStaff.form.role')}
      </label>
      <select
        id="staff-role"
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('staff-role', { error })}
        {...select}
      >
        {roles.map((role) => (
          <option key={role.key} value={role.key}>
            {roleName(role)}
          </option>
        ))}
      </select>
      <FieldError id="staff-role" message={error} />
    </div>
  );
}
