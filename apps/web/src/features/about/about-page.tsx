import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { SettingKey } from '@movehub/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { SanitizedHtml } from '../../ui/sanitized-html';
import { settingsQueryOptions } from './about-api';
import { LoadError } from '../../ui/load-error';

/** spec/portal.md §2 About Us: the collapsible sections, titled as the product titles them. */
const SECTIONS: { key: Exclude<SettingKey, 'about'>; title: string }[] = [
  { key: 'contact_us', title: 'Contact Us' },
  { key: 'faq', title: 'FAQ' },
  { key: 'how_evom_work', title: 'How the product works' },
  { key: 'cancellation_policy', title: 'Cancellation policy' },
  { key: 'legal', title: 'Legal' },
  { key: 'terms_of_service', title: 'Terms of Service' },
  { key: 'privacy_policy', title: 'Privacy Policy' },
];

/** spec/portal.md §2 About Us (/dashboard/about-us): the about text, then the sections. */
export function AboutPage() {
  useDocumentTitle('About Us');
  const settings = useQuery(settingsQueryOptions());

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        About Us
      </Typography>
      {settings.isPending ? (
        <PageLoader label="Loading About Us" />
      ) : settings.isError ? (
        <LoadError message="We could not load this page." onRetry={settings.refetch} />
      ) : (
        <>
          {settings.data.about.trim() && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
              <SanitizedHtml html={settings.data.about} />
            </Paper>
          )}
          {SECTIONS.map(({ key, title }) => (
            <Accordion
              key={key}
              disableGutters
              variant="outlined"
              slotProps={{ heading: { component: 'h2' } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon aria-hidden />}
                id={`about-${key}-header`}
                aria-controls={`about-${key}-content`}
              >
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                {settings.data[key].trim() ? (
                  <SanitizedHtml html={settings.data[key]} />
                ) : (
                  <Typography color="text.secondary">Nothing here yet.</Typography>
                )}
              </AccordionDetails>
            </Accordion>
          ))}
        </>
      )}
    </Box>
  );
}
