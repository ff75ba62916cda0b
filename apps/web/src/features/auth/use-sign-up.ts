import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { maskedPhoneToWire, type RegisterForm } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { clearSession, setSession } from '../../lib/storage';
import {
  sendEmailCode,
  sendPhoneCode,
  verifyEmailCode,
  verifyPhoneCode,
} from '../../lib/verification-api';
import { registerCustomer, validateEmailAndPhone } from './auth-api';

export type SignUpStep = 'FORM' | 'EMAIL_CODE' | 'PHONE_CODE';

/** The validated (trimmed) form and the phone as it goes on the wire ('' when none). */
export interface SignUp {
  form: RegisterForm;
  phone: string;
}

/** The addresses this page has already proven with a code (the server keeps the proof). */
interface Proven {
  email?: string;
  phone?: string;
}

interface SignUpOptions {
  /** The sign-up's referral code, from /register/:reff. */
  referenceCode: string | undefined;
  /** The account exists and its session is stored: where the page goes next. */
  onRegistered: () => void | Promise<void>;
}

/**
 * spec/portal.md §2 and §4 Sign-up as steps: validate the email and phone, prove the email with a
 * code, then the phone (when one was given), then register_customer and the stored session. A
 * code already proven is not asked again when the person goes back and changes something else.
 */
export function useSignUp({ referenceCode, onRegistered }: SignUpOptions) {
  const [step, setStep] = useState<SignUpStep>('FORM');
  const [signUp, setSignUp] = useState<SignUp | null>(null);
  const [proven, setProven] = useState<Proven>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  /** The next thing the sign-up needs: an email code, a phone code, or the account itself. */
  const advance = async (details: SignUp, known: Proven) => {
    const { form } = details;
    if (known.email !== form.email) {
      await sendEmailCode({ email: form.email, name: `${form.first_name} ${form.last_name}` });
      setCodeError(null);
      setStep('EMAIL_CODE');
      return;
    }
    if (details.phone && known.phone !== details.phone) {
      await sendPhoneCode(details.phone);
      setCodeError(null);
      setStep('PHONE_CODE');
      return;
    }
    try {
      const response = await registerCustomer({
        first_name: form.first_name,
        last_name: form.last_name,
        phone: details.phone,
        email: form.email,
        password: form.password,
        confirm_password: form.confirm_password,
        how_found_us: form.how_found_us,
        ...(referenceCode ? { reference_code: referenceCode } : {}),
      });
      setSession(response.data.auth_token, response.data.user);
      await onRegistered();
    } catch (error) {
      // spec/portal.md §8: a registration failure shows the server message and clears storage.
      clearSession();
      setFormError(errorMessage(error));
      setStep('FORM');
    }
  };

  const start = useMutation({
    mutationFn: async (form: RegisterForm) => {
      const details: SignUp = { form, phone: maskedPhoneToWire(form.phone) ?? '' };
      try {
        await validateEmailAndPhone({ email: form.email, phone: details.phone });
      } catch (error) {
        setFormError(errorMessage(error));
        return;
      }
      setSignUp(details);
      await advance(details, proven);
    },
  });

  const verify = useMutation({
    mutationFn: async (code: string) => {
      if (!signUp) return;
      const next: Proven = { ...proven };
      try {
        if (step === 'EMAIL_CODE') {
          await verifyEmailCode({ email: signUp.form.email, code }, { suppressToast: true });
          next.email = signUp.form.email;
        } else {
          await verifyPhoneCode({ phonenumber: signUp.phone, code }, { suppressToast: true });
          next.phone = signUp.phone;
        }
      } catch (error) {
        setCodeError(errorMessage(error));
        return;
      }
      setProven(next);
      setCodeError(null);
      await advance(signUp, next);
    },
  });

  const resend = useMutation({
    mutationFn: async () => {
      if (!signUp) return;
      if (step === 'EMAIL_CODE') {
        const { form } = signUp;
        await sendEmailCode({ email: form.email, name: `${form.first_name} ${form.last_name}` });
      } else {
        await sendPhoneCode(signUp.phone);
      }
      setCodeError(null);
    },
  });

  return {
    step,
    backToForm: () => {
      setCodeError(null);
      setStep('FORM');
    },
    signUp,
    formError,
    clearFormError: () => setFormError(null),
    codeError,
    start,
    verify,
    resend,
  };
}
