import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Screen } from '../draft';
import { StepItemsOption } from './step-items-option';
import { renderStep, TEST_PROFILE } from '../test-wizard';

const direct = { link: 'swift-movers-la', profile: TEST_PROFILE };

describe('StepItemsOption', () => {
  it("goes to the rooms with 'By Room' and remembers the choice", async () => {
    const { latest } = renderStep(<StepItemsOption />, { draft: { screen: Screen.itemsOption } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'How would you like to add items?' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'By Room' }));
    expect(latest()).toMatchObject({ screen: Screen.rooms, addItemsOptionType: 'by_room' });
  });

  it("goes to the common list with 'Common List'", async () => {
    const { latest } = renderStep(<StepItemsOption />, { draft: { screen: Screen.itemsOption } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Common List' }));
    expect(latest()).toMatchObject({
      screen: Screen.commonList,
      addItemsOptionType: 'by_common_list',
    });
  });

  it('offers no Skip in normal mode and returns to the details with Prev', async () => {
    const { latest } = renderStep(<StepItemsOption />, { draft: { screen: Screen.itemsOption } });
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prev' }));
    expect(latest().screen).toBe(Screen.details);
  });

  it('goes on to the summary with Next (spec §4), keeping the way chosen before', async () => {
    const { latest } = renderStep(<StepItemsOption />, {
      draft: { screen: Screen.itemsOption, addItemsOptionType: 'by_common_list' },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(latest()).toMatchObject({
      screen: Screen.summary,
      addItemsOptionType: 'by_common_list',
    });
  });

  it('skips to the summary with no way of adding items in direct-link mode', async () => {
    const { latest } = renderStep(<StepItemsOption />, {
      draft: { screen: Screen.itemsOption, addItemsOptionType: 'by_room' },
      direct,
      path: '/create-request/swift-movers-la',
    });
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip' }));
    expect(latest()).toMatchObject({ screen: Screen.summary, addItemsOptionType: null });
  });
});
