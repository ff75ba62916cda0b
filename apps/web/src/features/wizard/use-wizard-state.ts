import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearDraft, saveDraft, Screen, type WizardDraft } from './draft';
import { previousScreen } from './flow';
import type { WizardContextValue } from './wizard-context';

export interface WizardStateOptions {
  /** The draft to start from (read once). */
  initial: () => WizardDraft;
  /**
   * The stored draft to go on with, read once after the first render (the page drawn at build
   * time has none): it replaces the initial draft unless the visitor has changed that already.
   * Nothing is saved before it has been read, so the initial draft never overwrites it.
   */
  restore?: () => Promise<WizardDraft | null>;
  /** Direct-link mode: the link and its profile; null in normal mode. */
  direct: WizardContextValue['direct'];
  /** Local-storage key the draft is kept under; null keeps it in memory only. */
  storageKey: string | null;
  /** Told of every draft the wizard moves to (test harnesses read the latest one). */
  onDraft?: (draft: WizardDraft) => void;
  /** Told when the draft is dropped (step 8, a successful submit). */
  onClear?: () => void;
}

/**
 * The wizard's state and its ways between steps, in one place for the create-request page and
 * the test harness that renders a single step: the draft, saved on every change except at step 8
 * where it is cleared (spec/request-lifecycle.md §4 "Wizard flow"), Prev by the flow's rules,
 * and Back on step 0 to /dashboard (§2).
 */
export function useWizardState(options: WizardStateOptions): WizardContextValue {
  const { direct, storageKey } = options;
  const navigate = useNavigate();
  // The observers may be new functions on every render; the ways between steps stay stable.
  const observers = useRef(options);
  useEffect(() => {
    observers.current = options;
  });
  const [draft, setDraft] = useState<WizardDraft>(options.initial);
  const [createdAccessLink, setCreatedAccessLink] = useState<string | null>(null);
  const cleared = useRef(false);
  // True until the stored draft has been read, or the visitor changed the draft first.
  const restoring = useRef(options.restore !== undefined);

  useEffect(() => {
    const { restore } = observers.current;
    if (!restore) return;
    let live = true;
    restore().then(
      (stored) => {
        if (!live || !restoring.current) return;
        restoring.current = false;
        if (stored) setDraft(stored);
      },
      () => {
        restoring.current = false;
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (storageKey === null || restoring.current) return;
    if (draft.screen === Screen.congratulations) {
      clearDraft(storageKey);
      return;
    }
    if (!cleared.current) saveDraft(storageKey, draft);
  }, [draft, storageKey]);

  const update = useCallback<WizardContextValue['update']>((recipe) => {
    cleared.current = false;
    // The visitor's own change wins over a stored draft still being read.
    restoring.current = false;
    setDraft((current) => {
      const next = recipe(current);
      observers.current.onDraft?.(next);
      return next;
    });
  }, []);

  const goTo = useCallback<WizardContextValue['goTo']>(
    (screen) => {
      update((current) => ({ ...current, screen }));
      window.scrollTo?.({ top: 0 });
    },
    [update],
  );

  const goBack = useCallback(() => {
    const previous = previousScreen(draft);
    if (previous === null) void navigate('/dashboard');
    else goTo(previous);
  }, [draft, goTo, navigate]);

  const clear = useCallback(() => {
    cleared.current = true;
    if (storageKey !== null) clearDraft(storageKey);
    observers.current.onClear?.();
  }, [storageKey]);

  return useMemo<WizardContextValue>(
    () => ({
      draft,
      update,
      goTo,
      goBack,
      clear,
      direct,
      createdAccessLink,
      setCreatedAccessLink,
    }),
    [draft, update, goTo, goBack, clear, direct, createdAccessLink],
  );
}
