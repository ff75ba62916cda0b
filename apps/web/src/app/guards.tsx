import { Navigate, Outlet } from 'react-router';
import { useAuthToken } from '../lib/storage';

/** spec/portal.md §2: everything under /dashboard needs a stored token, else /login. */
export function RequireAuth() {
  const token = useAuthToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** spec/portal.md §2: login, register, forgot and set password send a stored token to /dashboard. */
export function PublicOnly() {
  const token = useAuthToken();
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
