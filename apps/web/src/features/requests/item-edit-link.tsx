import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/EditOutlined';
import { canEditRequestDetails, type RequestDetail } from '@movehub/shared';
import { MY_REQUESTS_PATH } from '../../lib/request-paths';

const EDIT_SCREENS = {
  items: { path: 'edit-items', label: 'Edit items' },
  'extra-items': { path: 'edit-extra-items', label: 'Edit extra items' },
} as const;

/**
 * The way from the detail to an item edit screen (spec §2 "Item and extra-item editing"), shown
 * only while the request's items may change (spec §4 Guards: marketplace below 3, direct below 6).
 */
export function ItemEditLink({
  request,
  screen,
}: {
  request: RequestDetail['request'];
  screen: keyof typeof EDIT_SCREENS;
}) {
  if (!canEditRequestDetails(request)) return null;
  const { path, label } = EDIT_SCREENS[screen];
  return (
    <Button
      component={RouterLink}
      to={`${MY_REQUESTS_PATH}/${path}/${request.id}`}
      size="small"
      startIcon={<EditIcon aria-hidden />}
      sx={{ mt: 1 }}
    >
      {label}
    </Button>
  );
}
