import type { AuthResponse, Profile } from '@bazar/contracts/auth';
import { api, isApiError } from '../../lib/api';
import type { Language } from '../../lib/i18n/i18n';
import { clearSession } from '../../lib/session';

export interface MessageAnswer {
  message?: string;
}

export const login = (body: { phone: string; password: string }) =>
  api.post<AuthResponse>('/api/login', body);

/** `lang`: the storefront's language now, which becomes the customer's (their SMS and invoices). */
export const registerAccount = (body: {
  name: string;
  phone: string;
  password: string;
  ref?: string;
  lang: Language;
}) => api.post<AuthResponse>('/api/register', body);

export const verifyCode = (code: string) => api.post<MessageAnswer>('/api/varify', { code });

export const sendCodeAgain = () => api.get<MessageAnswer>('/api/sendcode');

export const forgotPassword = (phone: string) => api.post<MessageAnswer>('/api/forgot', { phone });

export const resetPassword = (body: { phone: string; code: string; password: string }) =>
  api.post<MessageAnswer>('/api/getpassword', body);

export const updateProfile = (body: { name: string; password: string }) =>
  api.post<Profile>('/api/profile/update', body);

export const logout = () => api.post<MessageAnswer>('/api/logout');

/** The signed-in user's profile. A 401 means the token is dead: the user becomes a guest. */
export async function fetchProfile(): Promise<Profile> {
  try {
    return await api.get<Profile>('/api/profile');
  } catch (error) {
    if (isApiError(error, 401)) clearSession();
    throw error;
  }
}
