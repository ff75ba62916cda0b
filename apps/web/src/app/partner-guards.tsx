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

/** Where a partner's console starts: the foreman's jobs, or the company's console. */
export function partnerHomeOf(userType: number): string {
  return userType === UserType.foreman ? '/partner/foreman' : '/partner';
}

/**
 * The partner console (/partner/...): a partner session whose user is one of `userTypes`
 * (a company or a foreman by default), else /partner/login. A partner of the other kind goes to
 * his own console (a foreman who opens /partner lands on his jobs). The customer's session, in
 * its own slot, never counts here.
 */
export function RequirePartner({
  userTypes = PARTNER_USER_TYPES,
}: {
  userTypes?: readonly number[];
}) {
  const token = useAuthToken('partner');
  const user = useStoredUser('partner');
  if (!token || !user || !PARTNER_USER_TYPES.includes(user.user_type)) {
    return <Navigate to="/partner/login" replace />;
  }
  if (!userTypes.includes(user.user_type)) {
    return <Navigate to={partnerHomeOf(user.user_type)} replace />;
  }
  return <Outlet />;
}

/** /partner/login: a company or a foreman already signed in goes on to his console. */
export function PartnerPublicOnly() {
  const token = useAuthToken('partner');
  const user = useStoredUser('partner');
  if (token && user && PARTNER_USER_TYPES.includes(user.user_type)) {
    return <Navigate to={partnerHomeOf(user.user_type)} replace />;
  }
  return <Outlet />;
}

/** The company's screens: a foreman who opens one goes to his jobs. */
export function RequireCompany() {
  return <RequirePartner userTypes={[UserType.company]} />;
}

/** The foreman's screens (/partner/foreman/...): a company that opens one goes to its console. */
export function RequireForeman() {
  return <RequirePartner userTypes={[UserType.foreman]} />;
}
