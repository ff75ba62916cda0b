import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { TOKEN_KEY, getToken, useAuthToken } from '../lib/storage';

/** spec/portal.md §2: everything under /dashboard needs a stored token, else /login. */
export function RequireAuth() {
  const token = useAuthToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/**
 * spec/portal.md §2: login, register, forgot and set password send a stored token to /dashboard.
 * The token counts when the page opens or when another tab stores one. A sign-in made on the
 * page itself is followed by that page's own navigation (login → /dashboard, sign-up →
 * /create-request with the saved request), which a redirect from here would race.
 */
export function PublicOnly() {
  const [token, setToken] = useState(getToken);
  useEffect(() => {
    // The storage event fires only for changes made by other tabs.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY) setToken(getToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
