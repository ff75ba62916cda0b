import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { CompanyDetailsForm } from './company-details-form';
import { ForemenSection } from './foremen-section';
import { companyProfileQueryOptions } from './profile-api';
import { ServiceZipsSection } from './service-zips-section';
import { TrucksSection } from './trucks-section';

export const PROFILE_LOAD_ERROR = 'We could not load your company profile.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /partner/profile: the company's name, picture, about and phone, the zip
 * codes it serves, its trucks and its foremen, each part saved on its own.
 */
export function ProfilePage() {
  useDocumentTitle('Company profile');
  const profile = useQuery(companyProfileQueryOptions());

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Company profile
      </Typography>
      {profile.isPending ? (
        <PageLoader label="Loading your company profile" />
      ) : profile.isError ? (
        <LoadError
          message={isApiError(profile.error) ? profile.error.message : PROFILE_LOAD_ERROR}
          onRetry={profile.refetch}
        />
      ) : (
        <Stack spacing={3}>
          <Section id="company-details-heading" title="Details">
            <CompanyDetailsForm key={profile.data.data.id} profile={profile.data.data} />
          </Section>
          <Section id="company-zips-heading" title="Served zip codes">
            <ServiceZipsSection zipCodes={profile.data.data.zip_codes} />
          </Section>
          <Section id="company-trucks-heading" title="Trucks">
            <TrucksSection trucks={profile.data.data.trucks} />
          </Section>
          <Section id="company-foremen-heading" title="Foremen">
            <ForemenSection foremen={profile.data.data.foremen} />
          </Section>
        </Stack>
      )}
    </Box>
  );
}
