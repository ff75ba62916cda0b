import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack, { type StackProps } from '@mui/material/Stack';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import {
  ChatType,
  canConfirmComplete,
  canLeaveFeedback,
  canMakePayment,
  isChatEnabled,
  isForemanChatEnabled,
  isTrackingEnabled,
} from '@movehub/shared';
import { chatLink } from '../../lib/chat-link';

/** Opens the chat screen on this request's conversation with the company or the foreman. */
function ChatButton({ requestId, type }: { requestId: number; type: ChatType }) {
  return (
    <Button
      component={RouterLink}
      to={chatLink({ request_id: requestId, type })}
      variant="outlined"
      startIcon={<ChatIcon aria-hidden />}
      aria-label={
        type === ChatType.foreman
          ? `Chat with the foreman of request #${requestId}`
          : `Chat with the company of request #${requestId}`
      }
    >
      Chat
    </Button>
  );
}

/**
 * What the customer can do next at a timeline status (spec/request-lifecycle.md §2 "Request
 * card"): Pay at 2, Chat at 3 and 4, Track and the foreman's Chat at 5, 'Confirm move and
 * release money' at 6, 'Leave feedback' at 7 (the feedback modal). Nothing at the other statuses.
 */
export function RequestActions({
  requestId,
  timeline,
  sx,
}: {
  requestId: number;
  timeline: number;
  sx?: StackProps['sx'];
}) {
  const buttons = [];
  if (canMakePayment(timeline)) {
    buttons.push(
      <Button
        key="pay"
        component={RouterLink}
        to={`/dashboard/my-requests/make-payment/${requestId}`}
        variant="contained"
        aria-label={`Pay for request #${requestId}`}
      >
        Pay
      </Button>,
    );
  }
  if (isTrackingEnabled(timeline)) {
    buttons.push(
      <Button
        key="track"
        component={RouterLink}
        to={`/dashboard/my-requests/tracking-location/${requestId}`}
        variant="contained"
        aria-label={`Track request #${requestId}`}
      >
        Track
      </Button>,
    );
  }
  // spec §2 card: Chat at 3 and 4 with the company, at 5 with the foreman; 6 shows only Confirm.
  if (isChatEnabled(timeline) && !canConfirmComplete(timeline)) {
    const type = isForemanChatEnabled(timeline) ? ChatType.foreman : ChatType.company;
    buttons.push(<ChatButton key="chat" requestId={requestId} type={type} />);
  }
  if (canConfirmComplete(timeline)) {
    buttons.push(
      <Button
        key="confirm"
        component={RouterLink}
        to={`/dashboard/my-requests/confirm-complete/${requestId}`}
        variant="contained"
      >
        Confirm move and release money
      </Button>,
    );
  }
  if (canLeaveFeedback(timeline)) {
    // The feedback modal lives on the confirm-complete screen, which opens it at once with ?feedback.
    buttons.push(
      <Button
        key="feedback"
        component={RouterLink}
        to={`/dashboard/my-requests/confirm-complete/${requestId}?feedback=1`}
        variant="contained"
      >
        Leave feedback
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', ...sx }}>
      {buttons}
    </Stack>
  );
}
