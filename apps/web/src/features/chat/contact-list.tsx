import { useId } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ChatType, type ChannelsResponse, type ChatChannel } from '@movehub/shared';
import { LoadMore, type PagedQuery } from '../../ui/load-more';
import { visuallyHidden } from '../../ui/visually-hidden';
import { ChatAvatar, onlineText } from './chat-avatar';
import { channelName } from './chat-api';

/** spec/portal.md §3: type 0 the company, 2 the foreman (a mover or other person). */
export const channelTypeLabel = (type: number) =>
  type === ChatType.foreman ? 'Foreman' : 'Company';

export const LOAD_MORE_CONVERSATIONS_LABEL = 'Load more conversations';
export const MORE_CONVERSATIONS_ERROR = 'The older conversations could not be loaded.';

export const NO_CONVERSATIONS_TEXT =
  'No conversations yet. Chat opens for a request once its bid is paid.';

/** The customer's own header above the list: picture or placeholder and name. */
function ProfileHeader({ profile }: { profile: ChannelsResponse['profile'] }) {
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ChatAvatar picture={profile.profile_picture} size={48} />
      <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{name}</Typography>
    </Box>
  );
}

/** The contact list: company and foreman conversations, their status and unread counts. */
export function ContactList({
  channels,
  profile,
  selected,
  onSelect,
  more,
}: {
  channels: ChatChannel[];
  profile: ChannelsResponse['profile'];
  selected: ChatChannel | null;
  onSelect: (channel: ChatChannel) => void;
  /** The list's pages: the older conversations load as the reader scrolls down to them. */
  more: PagedQuery;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <ProfileHeader profile={profile} />
      <Typography id={headingId} variant="subtitle2" component="h2" sx={visuallyHidden}>
        Chat List
      </Typography>
      {channels.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {NO_CONVERSATIONS_TEXT}
        </Typography>
      ) : (
        <Box sx={{ overflowY: 'auto', flex: 1, pb: 2 }}>
          <List disablePadding aria-labelledby={headingId}>
            {channels.map((channel) => {
              const name = channelName(channel);
              const online = channel.profile_data.online_status === 1;
              const isSelected =
                selected !== null &&
                selected.request_id === channel.request_id &&
                selected.type === channel.type;
              const unread = channel.unread_messages;
              return (
                <ListItem key={`${channel.request_id}-${channel.type}`} disablePadding divider>
                  <ListItemButton
                    selected={isSelected}
                    aria-current={isSelected ? 'true' : undefined}
                    data-channel={`${channel.request_id}-${channel.type}`}
                    onClick={() => onSelect(channel)}
                    sx={{ gap: 0.5 }}
                  >
                    <ListItemAvatar>
                      <ChatAvatar picture={channel.profile_data.profile_picture} online={online} />
                    </ListItemAvatar>
                    <ListItemText
                      primary={name}
                      secondary={`${channelTypeLabel(channel.type)} · Request #${channel.request_id} · ${channel.is_open ? onlineText(online) : 'Move over'}`}
                      slotProps={{
                        primary: { sx: { fontWeight: unread > 0 ? 700 : 500 } },
                        secondary: { color: 'text.secondary' },
                      }}
                    />
                    {unread > 0 && (
                      <Box
                        component="span"
                        sx={{
                          minWidth: 24,
                          height: 24,
                          px: 0.75,
                          borderRadius: 12,
                          bgcolor: 'error.main',
                          color: 'error.contrastText',
                          fontSize: '0.75rem',
                          fontWeight: 700,
                          display: 'inline-flex',
                          alignItems: 'center',
                          justifyContent: 'center',
                          flexShrink: 0,
                        }}
                      >
                        {unread > 99 ? '99+' : unread}
                        <Box component="span" sx={visuallyHidden}>
                          {unread === 1 ? ' unread message' : ' unread messages'}
                        </Box>
                      </Box>
                    )}
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          <LoadMore
            query={more}
            label={LOAD_MORE_CONVERSATIONS_LABEL}
            errorMessage={MORE_CONVERSATIONS_ERROR}
          />
        </Box>
      )}
    </Box>
  );
}
