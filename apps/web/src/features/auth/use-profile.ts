import { useQuery } from '@tanstack/react-query';
import { useStoredPhone, useToken } from '../../lib/session';
import { fetchProfile } from './auth-api';

export const PROFILE_KEY = 'profile';

/** GET /api/profile for the stored token (keyed by it, so a new login never sees an old profile). */
export function useProfile() {
  return useProfileOf(useToken());
}

/** GET /api/profile for a given token; the guards pass the token they were entered with. */
export function useProfileOf(token: string | null) {
  return useQuery({
    queryKey: [PROFILE_KEY, token],
    queryFn: fetchProfile,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether the top bar treats the visitor as signed in: a token whose profile phone equals the
 * stored phone. While the profile is on its way (or the server cannot be reached) the token counts.
 */
export function useSignedIn(): boolean {
  const token = useToken();
  const phone = useStoredPhone();
  const profile = useProfile();
  if (!token) return false;
  return !profile.data || profile.data.phone === phone;
}
