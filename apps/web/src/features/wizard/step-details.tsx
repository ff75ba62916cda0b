// Placeholder until this step is built (issue 5).
export function StepDetails() {
  return null;
}
