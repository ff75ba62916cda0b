import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES, EDIT_MESSAGES, type RequestEditResponse } from '@movehub/shared';
import { showRequestEditToast } from './request-edit-toast';
import { getToast, resetToast } from './toast';

const response = (message: string, awaiting_price: boolean) =>
  ({ code: 200, message, data: { awaiting_price } }) as unknown as RequestEditResponse;

describe('showRequestEditToast', () => {
  beforeEach(() => resetToast());

  it('shows the server’s message as a success', () => {
    showRequestEditToast(response(EDIT_MESSAGES.itemsUpdated, false));
    expect(getToast()).toMatchObject({ message: EDIT_MESSAGES.itemsUpdated, severity: 'success' });
  });

  it('shows the server’s message as news when the edit waits for the mover’s price', () => {
    showRequestEditToast(response(CHANGE_MESSAGES.sentForPricing, true));
    expect(getToast()).toMatchObject({ message: CHANGE_MESSAGES.sentForPricing, severity: 'info' });
  });

  it('says the edit went for pricing when the server gives no message', () => {
    showRequestEditToast(response('', true));
    expect(getToast()).toMatchObject({ message: CHANGE_MESSAGES.sentForPricing, severity: 'info' });
  });
});
