import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's ThemeProvider from @mui/material/styles chooses at run time between the provider of a theme
// without CSS variables (this one, which it renders for ours) and the CSS-variables provider with
// its colour-scheme storage and script: importing it put both in every first visit, 3 kB of gzip
// the app never runs. The theme (app/theme.ts) has no CSS variables.
import { ThemeProvider } from '@mui/system';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../lib/toast';
import { theme } from './theme';

/** The theme, the query client (one per app, or the one given) and the toast around the app. */
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
