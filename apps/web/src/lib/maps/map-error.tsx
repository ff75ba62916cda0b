import { Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** spec "A map load error shows 'Error'": the map's place says so, and the page goes on. */
export const MAP_ERROR_TEXT = 'Error';

export function MapError() {
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 2 }}>
      <Typography color="error">{MAP_ERROR_TEXT}</Typography>
    </Box>
  );
}

/** A map that throws while it draws shows MapError too; `name` tells the log which map it was. */
export class MapErrorBoundary extends Component<
  { name: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.name} map failed`, error);
  }
  override render() {
    return this.state.failed ? <MapError /> : this.props.children;
  }
}
