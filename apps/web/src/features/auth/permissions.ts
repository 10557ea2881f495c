import type { Permission } from '@bazar/contracts/permissions';
import { getStoredPhone } from '../../lib/session';
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
