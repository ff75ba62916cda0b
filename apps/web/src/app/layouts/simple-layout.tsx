import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Brand } from '../../ui/brand';
import { ScreenOutlet } from '../screen-outlet';

/** spec/portal.md §2: a header with the logo, and the page. */
export function SimpleLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar>
          <Brand />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <ScreenOutlet />
      </Box>
    </Box>
  );
}
