import { createContext, useContext, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { UserType } from '@movehub/shared';
import {
  TOKEN_KEY,
  USER_KEY,
  getStoredUser,
  getToken,
  useAuthToken,
  useStoredUser,
} from '../lib/storage';
import { useHydrated } from '../lib/use-hydrated';

/*
 * Two sides, two sessions (decision 022): the customer's dashboard opens only for the customer
 * slot holding a user_type 1 user, the partner console (./partner-guards.tsx, loaded with the
 * console) only for the partner slot. The server refuses a token of the wrong role with 403
 * anyway; these guards keep a window from drawing a screen it cannot use.
 */

const isCustomer = (userType: number | undefined) => userType === UserType.customer;

/**
 * True while the build draws a dashboard page's frame (src/prerender.tsx): the layout and the
 * screen as they first show, before anything of the session is known. The session is the
 * browser's to check, once the app runs there.
 */
export const PrerenderedFrame = createContext(false);

/**
 * spec/portal.md §2: everything under /dashboard needs a stored token, else /login; and the
 * stored user must be a customer (a partner's token never opens the customer's dashboard).
 */
export function RequireAuth() {
  const prerendering = useContext(PrerenderedFrame);
  const token = useAuthToken();
  const user = useStoredUser();
  // While it hydrates the frame, the page draws what the build drew; the session is read after
  // (the stored token is the browser's, and the start script sent a visitor without one away).
  const hydrated = useHydrated();
  if (prerendering || !hydrated) return <Outlet />;
  if (!token || !isCustomer(user?.user_type)) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/**
 * spec/portal.md §2: login, register, forgot and set password send a stored token to /dashboard.
 * The token counts when the page opens or when another tab stores one. A sign-in made on the
 * page itself is followed by that page's own navigation (login → /dashboard, sign-up →
 * /create-request with the saved request), which a redirect from here would race.
 */
export function PublicOnly() {
  const [signedIn, setSignedIn] = useState(hasCustomerSession);
  useEffect(() => {
    // The storage event fires only for changes made by other tabs.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) {
        setSignedIn(hasCustomerSession());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  // A hydrating page draws the form the build drew; a stored session then moves on.
  const hydrated = useHydrated();
  if (signedIn && hydrated) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Only a customer's session leads to the dashboard; anything else in the slot would loop. */
function hasCustomerSession(): boolean {
  return Boolean(getToken()) && isCustomer(getStoredUser()?.user_type);
}
