import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from './visually-hidden';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface LetteredAddressListProps {
  /** The list's accessible name, where no heading names its section. */
  label?: string;
  addresses: readonly { id: number; text: string }[];
}

/**
 * A request's addresses in order, each behind its letter (A, B, …) as the map marks them. The
 * letter is drawn for the eye and said as 'Address A:' to a screen reader.
 */
export function LetteredAddressList({ label, addresses }: LetteredAddressListProps) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {addresses.map((address, index) => {
        const letter = LETTERS[index] ?? String(index + 1);
        return (
          <Box
            component="li"
            key={address.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.5 }}
          >
            <Avatar
              aria-hidden
              sx={{
                width: 28,
                height: 28,
                fontSize: 14,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {letter}
            </Avatar>
            <Typography>
              <Box component="span" sx={visuallyHidden}>
                {`Address ${letter}: `}
              </Box>
              {address.text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
