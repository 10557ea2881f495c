import type { Permission } from '@bazar/contracts/permissions';
import type { SessionUser } from './auth.repository';

/**
 * True when the caller is staff holding the permission (the owner holds every one). Routes declare
 * their permission (the access plugin checks it); services ask this where one answer serves several
 * callers: an order its owner or staff may read, buy prices left out for those without them.
 */
export function can(user: Pick<SessionUser, 'permissions'> | null, permission: Permission): boolean {
  return user?.permissions.has(permission) ?? false;
}
