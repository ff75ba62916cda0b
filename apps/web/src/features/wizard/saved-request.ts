// Placeholder until the saved-request flow is built (issue 5).
export function useSavedRequestOnArrival(_normalMode: boolean): {
  submitting: boolean;
  error: string | null;
} {
  return { submitting: false, error: null };
}
