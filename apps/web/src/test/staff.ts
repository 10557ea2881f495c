import type { Profile } from '@bazar/contracts/auth';
import type { Permission } from '@bazar/contracts/permissions';

/**
 * Signs a member of staff in on this browser (the session the back office finds on entry) and
 * returns their profile, as `GET /api/profile` answers it: the admin role, their staff role and
 * these permissions. Mock it with `mockApi({ 'GET /api/profile': signInStaff(…), … })`.
 */
export function signInStaff(staffRole: string, permissions: readonly Permission[]): Profile {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
  return {
    id: 1,
    name: 'Rahim',
    phone: '01712345678',
    role: 23314,
    status: 1,
    ref_code: 'AB12',
    point: 0,
    staff_role: staffRole,
    permissions: [...permissions],
  };
}
