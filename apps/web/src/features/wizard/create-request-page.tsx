import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { Wizard } from './wizard-flow';

const DirectLinkWizard = lazy(async () => ({
  default: (await import('./direct-link-wizard')).DirectLinkWizard,
}));

/**
 * /create-request and /create-request/{direct_link} (spec/request-lifecycle.md §2 "Request
 * wizard"): one flow of numbered steps over a draft kept in local storage. In direct-link mode
 * the link is validated first and the page wears the company's direct-link layout.
 */
export function CreateRequestPage() {
  const { direct_link: directLink } = useParams();
  if (!directLink) return <Wizard direct={null} />;
  return (
    <Suspense fallback={<PageLoader />}>
      <DirectLinkWizard link={directLink} />
    </Suspense>
  );
}
