import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepMap } from './step-map';
import { LATER_DAY, stubGeoServer } from '../api/test-geo';
import { renderStep } from '../test-wizard';

/** Tuesday 10 March 2026 at `hour`:`minute`, local time; only Date is faked, timers run. */
function setNow(hour: number, minute = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, hour, minute));
}

afterEach(() => {
  vi.useRealTimers();
});

const dateField = () => screen.getByLabelText(/Move Date/) as HTMLInputElement;
const fromField = () => screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement;
const toField = () => screen.getByRole('combobox', { name: 'To' }) as HTMLSelectElement;
const slots = (select: HTMLSelectElement) =>
  Array.from(select.options)
    .map((option) => option.value)
    .filter(Boolean);

describe('MoveDateTime (step 0)', () => {
  it('offers today as the earliest move date before 22:00', () => {
    setNow(21, 59);
    stubGeoServer();
    renderStep(<StepMap />);

    expect(dateField()).toHaveAttribute('type', 'date');
    expect(dateField()).toHaveAttribute('name', 'date');
    expect(dateField()).toHaveAttribute('min', '2026-03-10');
  });

  it('moves the earliest move date to tomorrow from 22:00', () => {
    setNow(22, 0);
    stubGeoServer();
    renderStep(<StepMap />);

    expect(dateField()).toHaveAttribute('min', '2026-03-11');
  });

  it('preselects 08:00 to 09:00 when a later day is chosen', () => {
    setNow(14, 10);
    stubGeoServer();
    const { latest } = renderStep(<StepMap />);

    expect(fromField()).toBeDisabled();
    expect(toField()).toBeDisabled();
    fireEvent.change(dateField(), { target: { value: '2026-03-12' } });

    expect(fromField()).toHaveAttribute('name', 'start_window_from');
    expect(toField()).toHaveAttribute('name', 'start_window_to');
    expect(fromField()).toHaveValue('08:00');
    expect(toField()).toHaveValue('09:00');
    expect(within(fromField()).getByRole('option', { name: '8:00 AM' })).toBeInTheDocument();
    expect(latest().date).toBe('03-12-2026');
    expect(latest().timeRange).toEqual({
      move_duration: '08:00 - 09:00',
      start_window_from: '08:00',
      start_window_to: '09:00',
    });
  });

  it('keeps a date typed digit by digit: a year on its way (0002) does not clear the field', () => {
    setNow(14, 10);
    stubGeoServer();
    const { latest } = renderStep(<StepMap />);

    // Chromium's date field reports each digit of the year as it is typed: 0002, 0020, 0202, 2026.
    // The first two are no date the wizard takes (years 0–99 are not years of a Date).
    for (const partial of ['0002-03-12', '0020-03-12']) {
      fireEvent.change(dateField(), { target: { value: partial } });
      expect(dateField()).toHaveValue(partial);
      expect(latest().date).toBe('');
    }
    fireEvent.change(dateField(), { target: { value: '0202-03-12' } });
    expect(dateField()).toHaveValue('0202-03-12');
    fireEvent.change(dateField(), { target: { value: '2026-03-12' } });
    expect(dateField()).toHaveValue('2026-03-12');
    expect(latest().date).toBe('03-12-2026');
    expect(fromField()).toHaveValue('08:00');
  });

  it("starts today's slots at the next full hour with a one-hour window", () => {
    setNow(14, 10);
    stubGeoServer();
    renderStep(<StepMap />);

    fireEvent.change(dateField(), { target: { value: '2026-03-10' } });

    expect(slots(fromField())[0]).toBe('15:00');
    expect(slots(fromField()).at(-1)).toBe('23:00');
    expect(fromField()).toHaveValue('15:00');
    expect(toField()).toHaveValue('16:00');
  });

  it('offers only later To slots and resets a To that no longer follows From', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, {
      draft: {
        date: LATER_DAY.date,
        timeRange: { move_duration: '', start_window_from: '', start_window_to: '' },
      },
    });

    expect(toField()).toBeDisabled();
    await user.selectOptions(fromField(), '10:00');
    expect(toField()).toBeEnabled();
    expect(slots(toField())[0]).toBe('10:30');
    expect(slots(toField()).at(-1)).toBe('23:30');

    await user.selectOptions(toField(), '11:00');
    expect(latest().timeRange).toEqual({
      move_duration: '10:00 - 11:00',
      start_window_from: '10:00',
      start_window_to: '11:00',
    });

    await user.selectOptions(fromField(), '12:00');
    expect(slots(toField())[0]).toBe('12:30');
    expect(toField()).toHaveValue('');
    expect(latest().timeRange).toEqual({
      move_duration: '',
      start_window_from: '12:00',
      start_window_to: '',
    });
  });

  it('sets both bounds from a premade window', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, { draft: LATER_DAY });

    const evening = screen.getByRole('button', { name: '12PM - 5PM Evening' });
    await user.click(evening);

    expect(evening).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '8AM - 12PM Morning' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(fromField()).toHaveValue('12:00');
    expect(toField()).toHaveValue('17:00');
    expect(latest().timeRange).toEqual({
      move_duration: '12:00 - 17:00',
      start_window_from: '12:00',
      start_window_to: '17:00',
    });
  });

  it('offers no premade window that has already begun today', () => {
    setNow(10);
    stubGeoServer();
    renderStep(<StepMap />);

    fireEvent.change(dateField(), { target: { value: '2026-03-10' } });

    expect(screen.getByRole('button', { name: '8AM - 12PM Morning' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Entire day' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '12PM - 5PM Evening' })).toBeEnabled();
  });
});
