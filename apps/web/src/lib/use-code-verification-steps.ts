import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';

/** spec/portal.md §4: ENTER_EMAIL or ENTER_PHONE, then ENTER_CODE. */
export type VerificationStep = 'ENTER_VALUE' | 'ENTER_CODE';

interface CodeVerificationStepsOptions<Target> {
  /** Sends a code to what was entered and answers where it went (kept for resend and verify). */
  sendCode: (value: string) => Promise<Target>;
  /** Told when a send starts and ends, e.g. to keep the dialog open meanwhile. */
  onBusy?: (busy: boolean) => void;
}

/**
 * The step machine shared by the change-email, change-phone and social-phone screens: a sent
 * code moves on to ENTER_CODE and clears the last code error; back returns to the entry.
 */
export function useCodeVerificationSteps<Target>({
  sendCode,
  onBusy,
}: CodeVerificationStepsOptions<Target>) {
  const [step, setStep] = useState<VerificationStep>('ENTER_VALUE');
  const [target, setTarget] = useState<Target | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: sendCode,
    onMutate: () => onBusy?.(true),
    onSettled: () => onBusy?.(false),
    onSuccess: (sent) => {
      setTarget(sent);
      setCodeError(null);
      setStep('ENTER_CODE');
    },
  });

  return {
    step,
    target,
    codeError,
    setCodeError,
    send,
    backToEntry: () => setStep('ENTER_VALUE'),
  };
}
