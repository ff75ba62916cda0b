import { lazy, Suspense, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { draftStorageKey, emptyDraft, restoreDraft, Screen } from './draft';
import { useSavedRequestOnArrival } from './api/saved-request';
import { StepMap } from './map/step-map';
import { useWizardState } from './use-wizard-state';
import { WizardContext, type WizardContextValue } from './wizard-context';

/*
 * Step 0 (the map) is the screen a visit opens on and comes with the page; every later step is
 * its own chunk, loaded when the customer reaches it, so a first visit downloads one step
 * (decision 009).
 */
const StepDetails = lazy(async () => ({
  default: (await import('./addresses/step-details')).StepDetails,
}));
const StepItemsOption = lazy(async () => ({
  default: (await import('./items/step-items-option')).StepItemsOption,
}));
const StepRooms = lazy(async () => ({ default: (await import('./items/step-rooms')).StepRooms }));
const StepCommonList = lazy(async () => ({
  default: (await import('./items/step-common-list')).StepCommonList,
}));
const StepExtraItems = lazy(async () => ({
  default: (await import('./items/step-extra-items')).StepExtraItems,
}));
const StepCard = lazy(async () => ({ default: (await import('./summary/step-card')).StepCard }));
const StepSummary = lazy(async () => ({
  default: (await import('./summary/step-summary')).StepSummary,
}));
const StepCongratulations = lazy(async () => ({
  default: (await import('./summary/step-congratulations')).StepCongratulations,
}));

const STEPS: Record<Screen, () => ReactNode> = {
  [Screen.map]: () => <StepMap />,
  [Screen.details]: () => <StepDetails />,
  [Screen.itemsOption]: () => <StepItemsOption />,
  [Screen.rooms]: () => <StepRooms />,
  [Screen.commonList]: () => <StepCommonList />,
  [Screen.extraItems]: () => <StepExtraItems />,
  [Screen.card]: () => <StepCard />,
  [Screen.summary]: () => <StepSummary />,
  [Screen.congratulations]: () => <StepCongratulations />,
};

/**
 * The wizard over its draft, in normal mode (the marketplace's, titled 'Create Request') or in a
 * company's direct-link mode (titled by the direct-link page).
 */
export function Wizard({ direct }: { direct: WizardContextValue['direct'] }) {
  if (!direct) return <NormalModeTitle />;
  return <WizardFlow direct={direct} />;
}

function NormalModeTitle() {
  useDocumentTitle('Create Request');
  return <WizardFlow direct={null} />;
}

function WizardFlow({ direct }: { direct: WizardContextValue['direct'] }) {
  const storageKey = draftStorageKey(direct?.link);
  const value = useWizardState({
    initial: emptyDraft,
    restore: () => restoreDraft(storageKey),
    direct,
    storageKey,
  });
  const { draft } = value;

  const arrival = useSavedRequestOnArrival(direct === null);
  if (arrival.submitting) return <PageLoader label="Sending your request" />;

  const renderStep = STEPS[draft.screen as Screen] ?? STEPS[Screen.map];
  return (
    <WizardContext.Provider value={value}>
      {/* The step on the page: the page-view analytics read it from here (decision 043). */}
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }} data-wizard-step={draft.screen}>
        {arrival.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {arrival.error}
          </Alert>
        )}
        {/* The first step is in the page's own chunk and is what the build draws: outside a
            boundary of its own, it is hydrated with the screen (decision 034). The later steps
            load as the customer reaches them. */}
        {draft.screen === Screen.map ? (
          renderStep()
        ) : (
          <Suspense fallback={<PageLoader />}>{renderStep()}</Suspense>
        )}
      </Container>
    </WizardContext.Provider>
  );
}
