import { useEffect } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Screen } from '../draft';
import { StepCongratulations } from './step-congratulations';
import { renderStep, TEST_PROFILE } from '../test-wizard';
import { useWizard } from '../wizard-context';

/** Step 8 as the summary leaves it in direct-link mode: the created request's link is known. */
function AfterDirectSubmit() {
  const { setCreatedAccessLink } = useWizard();
  useEffect(() => setCreatedAccessLink('pub-41'), [setCreatedAccessLink]);
  return <StepCongratulations />;
}

describe('StepCongratulations', () => {
  it("clears the draft and sends a customer to /dashboard with 'go to my requests page'", async () => {
    const user = userEvent.setup();
    const view = renderStep(<StepCongratulations />, {
      draft: { screen: Screen.congratulations },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    expect(screen.getByText(/Your request has been sent/)).toBeVisible();
    expect(view.wasCleared()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'go to my requests page' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });

  it("sends a direct-link customer to the request's public page with 'go to my request details'", async () => {
    const user = userEvent.setup();
    const view = renderStep(<AfterDirectSubmit />, {
      draft: { screen: Screen.congratulations },
      direct: { link: 'swift-la', profile: TEST_PROFILE },
      path: '/create-request/swift-la',
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    expect(screen.getByText(/Swift Movers LA/)).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'go to my requests page' }),
    ).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'go to my request details' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/view-request/pub-41'));
  });
});
