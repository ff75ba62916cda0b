import Box from '@mui/material/Box';

/** A map's place while Leaflet, its tiles' settings or its basemap load: the map's size, grey. */
export function MapLoading() {
  return (
    <Box role="progressbar" aria-label="Loading map" sx={{ height: '100%', bgcolor: 'grey.200' }} />
  );
}
