import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { CongratulationsPanel, SENT_TO_COMPANIES } from './congratulations-page';
import { useWizard } from '../wizard-context';

/**
 * Step 8 (spec/request-lifecycle.md §2, §4): the request is sent and the draft is cleared. Normal
 * mode goes on to /dashboard ('go to my requests page'); direct-link mode to the created
 * request's public page ('go to my request details').
 */
export function StepCongratulations() {
  const { clear, direct, createdAccessLink } = useWizard();
  const navigate = useNavigate();

  // spec §4: the draft is cleared at step 8.
  useEffect(() => {
    clear();
  }, [clear]);

  if (direct) {
    return (
      <CongratulationsPanel
        text={`Your request has been sent to ${direct.profile.name}. They will be in touch with you soon.`}
        action={
          createdAccessLink && (
            <Button
              variant="contained"
              size="large"
              onClick={() =>
                void navigate(`/view-request/${encodeURIComponent(createdAccessLink)}`)
              }
            >
              go to my request details
            </Button>
          )
        }
      />
    );
  }
  return (
    <CongratulationsPanel
      text={SENT_TO_COMPANIES}
      action={
        <Button variant="contained" size="large" onClick={() => void navigate('/dashboard')}>
          go to my requests page
        </Button>
      }
    />
  );
}
