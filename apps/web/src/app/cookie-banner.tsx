import { createContext, useContext, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CONSENT_COOKIE, COOKIE_NOTICE_DAYS, MSG } from '@movehub/shared';
import { readCookie, writeCookie } from '../lib/cookies';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Whether the visitor has accepted, for a page prerendered at build time (decision 031), which
 * has no cookies to read: the build draws each entry page with and without the banner, and the
 * server sends the one the visitor's consent cookie calls for. The browser reads the cookie.
 */
export const PrerenderedConsent = createContext<boolean | undefined>(undefined);

/**
 * spec/portal.md §2 app shell: a consent banner with 'I understand'; the consent lasts 150 days.
 * What waits for the consent (the page-view analytics, decision 043) is its children, drawn once
 * the visitor has accepted, never before.
 */
export function CookieBanner({ children = null }: { children?: ReactNode }) {
  const prerenderedConsent = useContext(PrerenderedConsent);
  const [accepted, setAccepted] = useState(
    () => prerenderedConsent ?? readCookie(CONSENT_COOKIE) === '1',
  );
  if (accepted) return children;

  const accept = () => {
    writeCookie(CONSENT_COOKIE, '1', COOKIE_NOTICE_DAYS * DAY_SECONDS);
    setAccepted(true);
  };

  return (
    <>
      {/* Room at the end of the page so that the fixed banner never hides the last content. */}
      <Box aria-hidden sx={{ height: { xs: 136, sm: 88 } }} />
      <Paper
        component="section"
        aria-label="Cookie consent"
        elevation={6}
        square
        sx={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.snackbar - 1,
          px: { xs: 2, sm: 3 },
          py: 2,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
          bgcolor: 'grey.900',
          color: 'common.white',
        }}
      >
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          MoveHub uses cookies to keep you signed in and to understand how the portal is used. By
          continuing to use the site you agree to this.
        </Typography>
        <Button
          variant="contained"
          color="inherit"
          onClick={accept}
          sx={{ color: 'grey.900', flexShrink: 0 }}
        >
          {MSG.cookieAccept}
        </Button>
      </Paper>
    </>
  );
}
