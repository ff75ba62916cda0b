import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { CompanyDetailsForm } from './company-details-form';
import { ForemenSection } from './foremen-section';
import { companyProfileQueryOptions } from './profile-api';
import { ServiceZipsSection } from './service-zips-section';
import { TrucksSection } from './trucks-section';

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
        <LoadError message={errorMessage(profile.error)} onRetry={profile.refetch} />
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
