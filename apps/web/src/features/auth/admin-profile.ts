import type { Profile } from '@bazar/contracts/auth';
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

/**
 * The remembered admin profile, if it is the signed-in user's (`phone`, stored at login). Only this
 * browser writes it (from a profile the server answered), so its role and phone are all that is
 * checked: the back office's frame then needs no schema library (zod) before its first screen.
 */
export function rememberedAdminProfile(phone: string | null): Profile | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { role, phone: storedPhone } = stored as Partial<Record<keyof Profile, unknown>>;
    if (role !== ADMIN_ROLE || phone === null || storedPhone !== phone) return null;
    return stored as Profile;
  } catch {
    return null;
  }
}
