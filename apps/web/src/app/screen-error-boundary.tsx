import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { SCREEN_FAILED } from '../lib/screen-failed';
import { LoadError } from '../ui/load-error';

class Boundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen failed to render', error);
  }

  override componentDidUpdate(previous: { pathname: string }) {
    // Another page is another chance: the failed one stays behind.
    if (this.state.error !== null && previous.pathname !== this.props.pathname) {
      this.setState({ error: null });
    }
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {/* A screen whose code failed to load stays failed until the page loads again. */}
        <LoadError message={SCREEN_FAILED} onRetry={() => window.location.reload()} />
      </Box>
    );
  }
}

/**
 * Keeps a screen that throws while rendering, or whose lazily loaded code does not arrive (a
 * flaky network, a deployment since the page loaded), from blanking the whole app: its place
 * says so and offers a reload, the layout around it stays, and the next page renders anew.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
