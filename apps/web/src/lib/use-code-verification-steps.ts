import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { maskedPhoneToWire } from '@movehub/shared';
import { requiredPhoneFormSchema } from '../ui/phone-field';
import { sendPhoneCode } from './verification-api';

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

interface PhoneCodeStepsOptions {
  /** The screen shows a failed send itself (spec §8: it only ends the loading), so no toast. */
  suppressToast?: boolean;
  onBusy?: (busy: boolean) => void;
}

/**
 * The steps for a phone: the ENTER_PHONE form (a required, complete mask) and a code sent by SMS
 * to its wire form ('+1##########'), kept with the masked one the code step shows.
 */
export function usePhoneCodeSteps({ suppressToast = false, onBusy }: PhoneCodeStepsOptions = {}) {
  const form = useForm({
    resolver: zodResolver(requiredPhoneFormSchema),
    defaultValues: { phone: '' },
  });
  const steps = useCodeVerificationSteps({
    sendCode: async (masked: string) => {
      const wire = maskedPhoneToWire(masked) ?? '';
      await sendPhoneCode(wire, { suppressToast });
      return { masked, wire };
    },
    onBusy,
  });
  return { form, ...steps };
}
