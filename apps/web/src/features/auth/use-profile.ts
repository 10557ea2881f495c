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
    // A screen that reads the profile (the till's cashier line) must not ask again when it mounts
    // after the server could not be reached: that request puts the profile back to "checking",
    // which takes the till off screen, which mounts it again, and so on. The frame (RequireAdmin)
    // asks again on its own: its retry, the reconnect, the Retry button.
    retryOnMount: false,
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
