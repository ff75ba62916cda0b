import { useId, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { MSG, type Notification } from '@movehub/shared';
import { formatDateTime } from '../../lib/format-date';
import { useRealtimeEvent } from '../../lib/realtime';
import { requestDetailPath } from '../../lib/request-paths';
import { PageLoader } from '../../ui/page-loader';
import { visuallyHidden } from '../../ui/visually-hidden';
import {
  addNotificationLocally,
  notificationKeys,
  notificationsOf,
  notificationsQueryOptions,
  unreadCountOf,
} from './notifications-api';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './use-mark-read';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';

const DRAWER_WIDTH = 360;

/**
 * spec/portal.md §2: the header's notification bell (a badge only when the count is above 0) and
 * the right-hand drawer that lists the notifications. Clicking one marks it read and opens its
 * request; 'Mark all as read' clears them all. The list is fetched again whenever it opens, and a
 * pushed `notification` joins it (and the count) at once, then the server's list confirms it.
 * The drawer reads a page at a time, newest first; older ones load as it scrolls down.
 */
export function NotificationCenter() {
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const notifications = useInfiniteQuery(notificationsQueryOptions());
  const count = unreadCountOf(notifications.data);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  useRealtimeEvent('notification', (notification) => {
    addNotificationLocally(queryClient, notification);
    void refresh();
  });

  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const openDrawer = () => {
    setOpen(true);
    void notifications.refetch();
  };

  const openNotification = (notification: Notification) => {
    if (notification.is_active) markOne.mutate(notification.id);
    setOpen(false);
    if (notification.action_value != null) {
      void navigate(requestDetailPath(notification.action_value));
    }
  };

  const list = notificationsOf(notifications.data);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openDrawer}
        sx={{ mr: 0.5 }}
      >
        {count > 0 ? (
          <Badge badgeContent={count} max={99} color="error">
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>

      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        // Above the dashboard header, which sits over the docked sidebar on wide screens.
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { width: { xs: '100%', sm: DRAWER_WIDTH } },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Notifications
          </Typography>
          <IconButton aria-label="Close notifications" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ px: 2, pb: 1 }}>
          <Button
            size="small"
            startIcon={<DoneAllIcon aria-hidden />}
            disabled={count === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        </Box>
        <Divider />

        {notifications.isPending ? (
          <PageLoader label="Loading notifications" />
        ) : notifications.isError && list.length === 0 ? (
          <LoadError
            message="We could not load your notifications."
            onRetry={notifications.refetch}
            sx={{ m: 2 }}
          />
        ) : list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {MSG.noNotifications}
          </Typography>
        ) : (
          <List disablePadding aria-label="Notifications">
            {list.map((notification) => (
              <ListItem key={notification.id} disablePadding divider>
                <ListItemButton
                  onClick={() => openNotification(notification)}
                  sx={{
                    alignItems: 'flex-start',
                    gap: 1.5,
                    bgcolor: notification.is_active ? 'action.hover' : undefined,
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      mt: 1,
                      width: 10,
                      height: 10,
                      flexShrink: 0,
                      borderRadius: '50%',
                      bgcolor: notification.is_active ? 'primary.main' : 'transparent',
                    }}
                  />
                  <ListItemText
                    primary={
                      <>
                        {notification.is_active && (
                          <Box component="span" sx={visuallyHidden}>
                            Unread:{' '}
                          </Box>
                        )}
                        {notification.message_body}
                      </>
                    }
                    secondary={formatDateTime(notification.created_at)}
                    slotProps={{
                      primary: { sx: { fontWeight: notification.is_active ? 700 : 400 } },
                      secondary: { color: 'text.secondary' },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {list.length > 0 && (
          // Older notifications, a page at a time as the drawer scrolls down.
          <Box sx={{ pb: 3 }}>
            <LoadMore
              query={notifications}
              errorMessage="The older notifications could not be loaded."
            />
          </Box>
        )}
      </Drawer>
    </>
  );
}
