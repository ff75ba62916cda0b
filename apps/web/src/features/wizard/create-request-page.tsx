import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { MSG, type DirectLinkProfile } from '@movehub/shared';
import { uploadUrl } from '../../lib/upload-url';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Brand } from '../../ui/brand';
import { PageLoader } from '../../ui/page-loader';
import { draftStorageKey, loadDraft, Screen } from './draft';
import { useSavedRequestOnArrival } from './api/saved-request';
import { StepMap } from './map/step-map';
import { directLinkQueryOptions } from './api/wizard-api';
import { useWizardState } from './use-wizard-state';
import { WizardContext, type WizardContextValue } from './wizard-context';

/**
 * /create-request and /create-request/{direct_link} (spec/request-lifecycle.md §2 "Request
 * wizard"): one flow of numbered steps over a draft kept in local storage. In direct-link mode
 * the link is validated first and the page wears the company's direct-link layout.
 */
export function CreateRequestPage() {
  const { direct_link: directLink } = useParams();
  if (!directLink) return <Wizard direct={null} />;
  return <DirectLinkWizard link={directLink} />;
}

function DirectLinkWizard({ link }: { link: string }) {
  const validation = useQuery(directLinkQueryOptions(link));
  const profile = validation.data?.profile;
  useDocumentTitle(profile?.name ?? 'Create Request');

  let body: ReactNode;
  if (validation.isPending) body = <PageLoader />;
  else if (validation.isError || !profile) {
    body = (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="error">{MSG.directLinkInvalid}</Alert>
      </Container>
    );
  } else body = <Wizard direct={{ link, profile }} />;

  return <DirectLinkLayout profile={profile}>{body}</DirectLinkLayout>;
}

/**
 * spec/portal.md §2 "Direct-link layout": the company's logo and name (from link validation)
 * and a 'POWERED BY' block with the marketplace's brand.
 */
function DirectLinkLayout({
  profile,
  children,
}: {
  profile: DirectLinkProfile | undefined;
  children: ReactNode;
}) {
  const logo = uploadUrl(profile?.thumbnail ?? profile?.profile_picture);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" component="header" elevation={0} color="default">
        <Toolbar sx={{ gap: 2, justifyContent: 'space-between', flexWrap: 'wrap', py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            {profile && (
              <Avatar
                src={logo}
                alt={`${profile.name} logo`}
                variant="rounded"
                sx={{ width: 48, height: 48 }}
              >
                {profile.name.charAt(0)}
              </Avatar>
            )}
            {profile && (
              <Typography component="p" variant="h6" noWrap sx={{ fontWeight: 700 }}>
                {profile.name}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              component="span"
              variant="caption"
              sx={{ fontWeight: 700, letterSpacing: 1, color: 'text.secondary' }}
            >
              POWERED BY
            </Typography>
            <Box sx={{ color: 'primary.main' }}>
              <Brand />
            </Box>
          </Box>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

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

function Wizard({ direct }: { direct: WizardContextValue['direct'] }) {
  if (!direct) return <NormalModeTitle />;
  return <WizardFlow direct={direct} />;
}

function NormalModeTitle() {
  useDocumentTitle('Create Request');
  return <WizardFlow direct={null} />;
}

function WizardFlow({ direct }: { direct: WizardContextValue['direct'] }) {
  const storageKey = draftStorageKey(direct?.link);
  const value = useWizardState({ initial: () => loadDraft(storageKey), direct, storageKey });
  const { draft } = value;

  const arrival = useSavedRequestOnArrival(direct === null);
  if (arrival.submitting) return <PageLoader label="Sending your request" />;

  const renderStep = STEPS[draft.screen as Screen] ?? STEPS[Screen.map];
  return (
    <WizardContext.Provider value={value}>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
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
