import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { findSavedRequest, submitSavedRequest } from '../../../lib/saved-request';
import { getToken } from '../../../lib/storage';

/**
 * spec/portal.md §2 Sign-up: after sign-up the customer lands on /create-request carrying the
 * request saved before it (page state, or local storage after a reload); it is sent through
 * generate_request once, and the customer goes to /dashboard/congratulations. A failure leaves
 * the wizard at its draft step (7) with the server message, to fix and send again.
 *
 * Only the marketplace wizard does this: a direct-link request needs no account.
 */
export function useSavedRequestOnArrival(normalMode: boolean): {
  submitting: boolean;
  error: string | null;
} {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, on arrival: a request saved later on this page is the visitor's own next step.
  const [pending] = useState(() =>
    normalMode && getToken() ? findSavedRequest(location.state) : null,
  );
  const [submitting, setSubmitting] = useState(pending !== null);
  const [error, setError] = useState<string | null>(null);
  // StrictMode runs effects twice; the request is sent once.
  const sent = useRef(false);

  useEffect(() => {
    if (!pending || sent.current) return;
    sent.current = true;
    // The page state would send it again on a reload of this entry.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    submitSavedRequest(pending, { suppressToast: true }).then(
      () => void navigate('/dashboard/congratulations', { replace: true }),
      (failure: unknown) => {
        setError(errorMessage(failure));
        setSubmitting(false);
      },
    );
  }, [pending, navigate, location.pathname, location.search]);

  return { submitting, error };
}
