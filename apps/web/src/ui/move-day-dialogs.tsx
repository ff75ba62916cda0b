import { ConfirmDialog } from './confirm-dialog';

/** A move day's two steps, asked before they are taken (the company's console, the foreman's phone). */
export type MoveDayStep = 'start' | 'complete';

export const MOVE_DAY_TITLES = {
  start: 'Start the move?',
  complete: 'Complete the move?',
} as const;

/**
 * The Start move and Complete move confirmations, one at a time: `open` names the step asked
 * about. Each screen says in `messages` what the step does from where it is taken.
 */
export function MoveDayDialogs({
  open,
  messages,
  pending,
  onConfirm,
  onClose,
  idPrefix,
}: {
  open: MoveDayStep | null;
  messages: Record<MoveDayStep, string>;
  pending: boolean;
  onConfirm: (step: MoveDayStep) => void;
  onClose: () => void;
  /** Keeps the dialogs' title and message ids apart from the screen's others. */
  idPrefix: string;
}) {
  return (
    <>
      {(['start', 'complete'] as const).map((step) => (
        <ConfirmDialog
          key={step}
          open={open === step}
          title={MOVE_DAY_TITLES[step]}
          message={messages[step]}
          confirmLabel={step === 'start' ? 'Start move' : 'Complete move'}
          cancelLabel="Not yet"
          pending={pending}
          onConfirm={() => onConfirm(step)}
          onClose={onClose}
          titleId={`${idPrefix}-${step}-move-title`}
          messageId={`${idPrefix}-${step}-move-message`}
        />
      ))}
    </>
  );
}
