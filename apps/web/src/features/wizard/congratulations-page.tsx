// Placeholder until /dashboard/congratulations is built (issue 5).
export function CongratulationsPage() {
  return null;
}
