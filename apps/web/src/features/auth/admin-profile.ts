import { profile as profileSchema, type Profile } from '@bazar/contracts/auth';
import { ADMIN_ROLE } from '../../lib/session';

/**
 * The admin's profile as this browser last loaded it, so the back office (the till above all) opens
 * when the server cannot be reached. It grants nothing the server would not: every call still
 * carries the token, and the server checks it.
 */
const KEY = 'admin-profile';

export function rememberAdminProfile(profile: Profile) {
  try {
    localStorage.setItem(KEY, JSON.stringify(profile));
  } catch (error) {
    console.error('Could not write browser storage', error);
  }
}

export function forgetAdminProfile() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage that cannot be written holds nothing to forget.
  }
}

/** The remembered admin profile, if it is the signed-in user's (`phone`, stored at login). */
export function rememberedAdminProfile(phone: string | null): Profile | null {
  try {
    const parsed = profileSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    if (!parsed.success || parsed.data.role !== ADMIN_ROLE || parsed.data.phone !== phone) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
