import type { Permission } from '@bazar/contracts/permissions';
import { createContext, useContext } from 'react';

/**
 * Whether the server has confirmed that the signed-in user is an admin. False only while the back
 * office shows its frame before the answer (RequireAdmin): a browser whose last sign-in was an
 * admin's opens a page that allows it (route handle `showsBeforeAdminCheck`, the till) at once, and
 * that page shows nothing but its empty screen until this turns true. The server checks every call
 * anyway; this only keeps admin data off the screen before its answer.
 */
export const AdminCheck = createContext(true);

export const useAdminConfirmed = () => useContext(AdminCheck);

/**
 * A back-office route's `handle`: `showsBeforeAdminCheck`, its page shows its empty screen while
 * the profile is checked; `permission`, what a member of staff needs to open it (any one of a list),
 * as the server's routes behind it need (the server refuses the calls anyway).
 */
export type AdminRouteHandle = {
  showsBeforeAdminCheck?: boolean;
  permission?: Permission | readonly Permission[];
  /** The page alone, without the back office's top bar and menu (the customer display's window). */
  bare?: boolean;
};
