import { Navigate, Outlet } from 'react-router';
import { UserType } from '@movehub/shared';
import { useAuthToken, useStoredUser } from '../lib/storage';

/*
 * The partner console's guards (decision 022), loaded lazily with the console so that none of it
 * weighs on the customer's first screens. They read the partner session slot only: the
 * customer's session, in its own slot, never counts here.
 */

/** A company or a foreman: the user types the console is for (never the sales team, 4). */
export const PARTNER_USER_TYPES: readonly number[] = [UserType.company, UserType.foreman];

/**
 * The partner console (/partner/...): a partner session whose user is one of `userTypes`
 * (a company or a foreman by default), else /partner/login. The customer's session, in its own
 * slot, never counts here.
 */
export function RequirePartner({
  userTypes = PARTNER_USER_TYPES,
}: {
  userTypes?: readonly number[];
}) {
  const token = useAuthToken('partner');
  const user = useStoredUser('partner');
  if (!token || !user || !userTypes.includes(user.user_type)) {
    return <Navigate to="/partner/login" replace />;
  }
  return <Outlet />;
}

/** /partner/login: a company already signed in goes on to its console. */
export function PartnerPublicOnly() {
  const token = useAuthToken('partner');
  const user = useStoredUser('partner');
  if (token && user?.user_type === UserType.company) return <Navigate to="/partner" replace />;
  return <Outlet />;
}

/** The company's screens: only a company has screens so far; a foreman is told so at sign-in. */
export function RequireCompany() {
  return <RequirePartner userTypes={[UserType.company]} />;
}
