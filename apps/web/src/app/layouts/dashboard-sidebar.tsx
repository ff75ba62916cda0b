import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NavLink, Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PersonIcon from '@mui/icons-material/Person';
import RedeemIcon from '@mui/icons-material/Redeem';
import type { ReactElement } from 'react';
import { hasUnreadChatQueryOptions } from '../../features/chat/chat-api';
import { profileQueryOptions } from '../../lib/profile-query';
import { useStoredUser } from '../../lib/storage';
import { uploadUrl } from '../../lib/upload-url';

interface NavItem {
  label: string;
  to: string;
  icon: ReactElement;
}

// spec/portal.md §2: the sidebar links, texts as in the product ('Refferral' included).
const NAV_ITEMS: NavItem[] = [
  { label: 'My Requests', to: '/dashboard/my-requests', icon: <ListAltIcon /> },
  { label: 'Chat', to: '/dashboard/chats', icon: <ChatIcon /> },
  { label: 'My Cards', to: '/dashboard/my-cards', icon: <CreditCardIcon /> },
  { label: 'Refferral Program', to: '/dashboard/refferral-program', icon: <RedeemIcon /> },
  { label: 'About Us', to: '/dashboard/about-us', icon: <InfoIcon /> },
];

/** Profile picture, name, rating, 'New' and the dashboard links. */
export function DashboardSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const storedUser = useStoredUser();
  // The stored user draws the sidebar at once; profile_customer refreshes it (and the store).
  const profile = useQuery(profileQueryOptions());
  const user = profile.data?.profile ?? storedUser;
  const rating = profile.data?.customer_rating ?? user?.customer_rating ?? 0;
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const picture = uploadUrl(user?.profile_picture);
  // spec §2: the Chat link's unread dot; chat messages and reconnections refresh it.
  const chatUnread = useInfiniteQuery(hasUnreadChatQueryOptions()).data === true;

  return (
    <Box
      component="nav"
      aria-label="Dashboard"
      sx={{ display: 'flex', flexDirection: 'column', py: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          px: 2,
          textAlign: 'center',
        }}
      >
        <Avatar
          src={picture}
          alt={fullName || 'Profile picture'}
          sx={{ width: 80, height: 80, mb: 1.5 }}
        >
          <PersonIcon aria-hidden sx={{ fontSize: 48 }} />
        </Avatar>
        {/* A line is kept for the name, which the prerendered frame does not know yet. */}
        <Typography
          sx={{ fontWeight: 600, fontSize: '1.1rem', wordBreak: 'break-word', minHeight: '1.5em' }}
        >
          {fullName}
        </Typography>
        <Rating
          value={rating}
          precision={0.1}
          readOnly
          size="small"
          getLabelText={(value) => `Rating: ${value} out of 5 stars`}
          sx={{ mt: 0.5 }}
        />
        <Button
          component={RouterLink}
          to="/create-request"
          onClick={onNavigate}
          variant="contained"
          startIcon={<AddIcon aria-hidden />}
          sx={{ mt: 2, px: 4 }}
        >
          New
        </Button>
      </Box>

      <List sx={{ mt: 2 }}>
        {NAV_ITEMS.map((item) => {
          const unreadDot = item.to === '/dashboard/chats' && chatUnread;
          return (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                onClick={onNavigate}
                // The dot is drawn only; the link's name says it as well.
                aria-label={unreadDot ? `${item.label}, unread messages` : undefined}
                sx={{
                  mx: 1,
                  borderRadius: 1,
                  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
                  '&.active .MuiListItemIcon-root': { color: 'primary.main' },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
                  {unreadDot ? (
                    <Badge variant="dot" color="error">
                      {item.icon}
                    </Badge>
                  ) : (
                    item.icon
                  )}
                </ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
