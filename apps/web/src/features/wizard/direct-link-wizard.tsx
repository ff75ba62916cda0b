import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MSG, type DirectLinkProfile } from '@movehub/shared';
import { uploadUrl } from '../../lib/upload-url';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Brand } from '../../ui/brand';
import { PageLoader } from '../../ui/page-loader';
import { directLinkQueryOptions } from './api/wizard-api';
import { Wizard } from './wizard-flow';

/**
 * /create-request/{direct_link}: the link is validated first, then the wizard runs in the
 * company's direct-link layout. Its own chunk: the marketplace's /create-request does not load
 * the company's layout.
 */
export function DirectLinkWizard({ link }: { link: string }) {
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
