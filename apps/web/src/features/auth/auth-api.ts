import type { Api, BodyOf } from '@bazar/contracts/api';
import type { Profile } from '@bazar/contracts/auth';
import { call, isApiError } from '../../lib/api';
import type { Language } from '../../lib/i18n/i18n';
import { clearSession } from '../../lib/session';

export const login = (body: BodyOf<Api['POST /api/login']>) => call('POST /api/login', { body });

/** `lang`: the storefront's language now, which becomes the customer's (their SMS and invoices). */
export const registerAccount = (body: BodyOf<Api['POST /api/register']> & { lang: Language }) =>
  call('POST /api/register', { body });

export const verifyCode = (code: string) => call('POST /api/varify', { body: { code } });

export const sendCodeAgain = () => call('GET /api/sendcode');

export const forgotPassword = (phone: string) => call('POST /api/forgot', { body: { phone } });

export const resetPassword = (body: BodyOf<Api['POST /api/getpassword']>) =>
  call('POST /api/getpassword', { body });

export const updateProfile = (body: BodyOf<Api['POST /api/profile/update']>) =>
  call('POST /api/profile/update', { body });

export const logout = () => call('POST /api/logout');

/** The signed-in user's profile. A 401 means the token is dead: the user becomes a guest. */
export async function fetchProfile(): Promise<Profile> {
  try {
    return await call('GET /api/profile');
  } catch (error) {
    if (isApiError(error, 401)) clearSession();
    throw error;
  }
}
