import type { Permission } from '@bazar/contracts/permissions';
import { ADMIN_ROLE, getStoredPhone } from '../../lib/session';
import { rememberedAdminProfile } from './admin-profile';
import { useProfile } from './use-profile';

/** A permission, or a list of which any one will do. */
export type Needs = Permission | readonly Permission[];

/**
 * What the signed-in member of staff may do, from their profile (or, with no server, the profile
 * this browser remembered), to show them only the menu entries, pages and buttons they may use.
 * The server checks every call whatever this says.
 */
export function usePermissions(): { can: (needs: Needs) => boolean } {
  const profile = useProfile();
  const held = new Set(
    (profile.data ?? rememberedAdminProfile(getStoredPhone()))?.permissions ?? ([] as Permission[]),
  );
  return { can: (needs) => [needs].flat().some((p) => held.has(p)) };
}

/** The only permission of a rider: their own deliveries (the built-in Rider role). */
const RIDE: Permission = 'deliveries.ride';

/**
 * Whether a member of staff may do nothing but ride: such a person starts on their phone screen
 * (/rider), never the back office, where they could open no page. Anyone holding more is staff
 * whose start is the back office's.
 */
export const ridesOnly = (user: { role: number; permissions?: readonly Permission[] | undefined }) =>
  user.role === ADMIN_ROLE && user.permissions?.length === 1 && user.permissions[0] === RIDE;
