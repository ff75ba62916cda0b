import type { Page } from '@playwright/test';
import { createCustomer } from './support/accounts';
import { acceptCookies, expect, test } from './support/fixtures';
import {
  activate,
  chooseRadio,
  expectVisibleFocus,
  focusVisibleRules,
  tabTo,
  typeInto,
} from './support/keyboard';
import {
  GOOD_CARD,
  reloadUntilStatus,
  serviceTomorrow,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * The whole customer journey once, by keyboard only (spec/portal.md §9 accessibility): log in,
 * the request wizard (date and window, addresses, move size, a custom item, packing materials,
 * a card, movers, the price), My Requests, the demo companies' bids compared and one accepted,
 * payment into escrow, a chat message, and once the demo company has played move day, the
 * confirmation, the rating and a tip. Every control is reached with Tab or Shift+Tab (tabTo)
 * and operated with Enter, Space, the arrows or typing: locators only read the page.
 */

test.beforeEach(async ({ page, baseURL }) => {
  // Bids (6 s), payment, and move day: the truck drives 45 s before the company completes. About
  // 600 key presses, each a round trip to the browser: minutes on a busy two-core machine.
  test.setTimeout(360_000);
  await acceptCookies(page, baseURL);
});

/** A day (YYYY-MM-DD) as a person types it into Chromium's date field (MMDDYYYY). */
function typedDate(day: string): { typed: string; value: string } {
  const [yyyy, mm, dd] = day.split('-');
  return { typed: `${mm}${dd}${yyyy}`, value: day };
}

/**
 * Types a street and its zip into an address combobox (a move address needs its street line),
 * arrows down to the gazetteer's zip and takes it: the street is kept as typed.
 */
async function chooseAddressByKeyboard(
  page: Page,
  label: string,
  street: string,
  zip: string,
  place: string,
) {
  const field = page.getByRole('combobox', { name: label });
  await typeInto(page, field, `${street}, ${zip}`);
  await expect(page.getByRole('option', { name: place })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(`${street}, ${place}`);
  await expect(field).toHaveAccessibleDescription(new RegExp(`Zip ${zip}\\b`));
}

const dollars = (text: string) =>
  Number(/\$([\d,]+(?:\.\d+)?)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);

test('the whole customer journey once by keyboard only', async ({ page }) => {
  const customer = await createCustomer(page.request, 'keyboard');
  let requestId = 0;

  await test.step('log in', async () => {
    await page.goto('/login');
    await typeInto(page, page.locator('input[name="email"]'), customer.email);
    await typeInto(page, page.locator('input[name="password"]'), customer.password);
    await expectVisibleFocus(page, 'the password field');
    await activate(page, page.getByRole('button', { name: 'Login', exact: true }));
    await expect(page).toHaveURL(/\/dashboard\/my-requests$/, { timeout: 15_000 });
    // The app styles the keyboard's focus.
    expect((await focusVisibleRules(page)).length).toBeGreaterThan(0);
  });

  await test.step('the wizard: date, window, addresses', async () => {
    await activate(page, page.getByRole('link', { name: 'New', exact: true }));
    await expect(page).toHaveURL(/\/create-request$/);
    // Due tomorrow: the demo crew starts it at once (decision 042).
    const date = typedDate(serviceTomorrow());
    const dateField = page.locator('input[name="date"]');
    await tabTo(page, dateField);
    await page.keyboard.type(date.typed);
    await expect(dateField).toHaveValue(date.value);
    // The morning window from the premade ones, with Space.
    const morning = page.getByRole('button', { name: '8AM - 12PM Morning' });
    await activate(page, morning, { key: 'Space' });
    await expectVisibleFocus(page, 'a premade window');
    await expect(morning).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[name="start_window_to"]')).toHaveValue('12:00');
    // 'To' one slot later with the arrow.
    await tabTo(page, page.locator('[name="start_window_to"]'), { backward: true });
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[name="start_window_to"]')).toHaveValue('12:30');
    await chooseAddressByKeyboard(
      page,
      'Address A',
      '200 N Spring St',
      '90012',
      'Los Angeles, CA 90012, USA',
    );
    await chooseAddressByKeyboard(
      page,
      'Address B',
      '1550 Ocean Ave',
      '90401',
      'Santa Monica, CA 90401, USA',
    );
    await activate(page, page.getByRole('button', { name: 'Next' }));
  });

  await test.step('the wizard: move size, inventory, packing materials', async () => {
    const size = page.getByRole('combobox', { name: 'Move Size' });
    await tabTo(page, size);
    await page.keyboard.press('Enter');
    const studio = page.getByRole('option', { name: 'Studio', exact: true });
    await expect(studio).toBeVisible();
    // The list opens on its first option: down to Studio, then Enter.
    for (
      let i = 0;
      i < 10 && !(await studio.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(studio).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(size).toHaveText('Studio');
    await expect(size).toBeFocused();
    await activate(page, page.getByRole('button', { name: 'Next' }));

    // Common List: a custom item typed into the search, then a chair from the catalogue; after
    // each add the focus is back in the search (the chair's search keeps the list short).
    await activate(page, page.getByRole('button', { name: 'Common List' }));
    const search = page.getByLabel('Search items');
    await typeInto(page, search, 'Piano bench');
    await activate(page, page.getByRole('button', { name: 'Add custom item' }));
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await expect(page.getByText('Piano bench').first()).toBeVisible();
    await page.keyboard.type('Chair');
    await activate(page, page.getByRole('button', { name: 'Increase Chair', exact: true }));
    await activate(page, page.getByRole('button', { name: 'Add to move' }));
    await expect(search).toBeFocused();
    await activate(page, page.getByRole('button', { name: 'Next' }));
    await expect(page.getByRole('heading', { name: 'Confirm request details' })).toBeVisible();
    await expect(page.getByText('Piano bench').first()).toBeVisible();

    // Packing materials: one box, and back to the summary.
    await activate(page, page.getByRole('button', { name: 'Add packing materials' }));
    const firstBox = page.getByRole('checkbox').first();
    await tabTo(page, firstBox);
    await page.keyboard.press('Space');
    await expect(firstBox).toBeChecked();
    await expectVisibleFocus(page, 'a packing material');
    await activate(page, page.getByRole('button', { name: 'Next' }));
    await expect(page.getByRole('list', { name: 'Packing materials' })).toBeVisible();
  });

  await test.step('the wizard: card, movers, price, Request Move', async () => {
    await activate(page, page.getByRole('button', { name: 'Add card' }));
    await typeInto(page, page.locator('input[name="card_number"]'), GOOD_CARD);
    await typeInto(page, page.locator('input[name="exp_date"]'), '1234');
    await typeInto(page, page.locator('input[name="cvv"]'), '123');
    await typeInto(
      page,
      page.locator('input[name="card_holder_name"]'),
      `${customer.firstName} ${customer.lastName}`,
    );
    await typeInto(page, page.locator('input[name="address_1"]'), '100 Main St');
    await typeInto(page, page.locator('input[name="city"]'), 'Los Angeles');
    await typeInto(page, page.locator('input[name="state"]'), 'CA');
    await typeInto(page, page.locator('input[name="zip"]'), '90001');
    await activate(page, page.getByRole('button', { name: 'Add Card' }));
    await expect(page.getByText(`•••• ${GOOD_CARD.slice(-4)}`).first()).toBeVisible({
      timeout: 15_000,
    });
    await activate(page, page.getByRole('button', { name: 'Next' }));

    const movers = page.locator('[name="movers"]');
    await tabTo(page, movers);
    await page.keyboard.press('ArrowDown');
    await expect(movers).toHaveValue('3');
    await typeInto(page, page.locator('input[name="customer_budget"]'), '700');
    await typeInto(page, page.locator('[name="final_comment"]'), 'Keyboard only, please.');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/customer/generate_request') && r.status() === 200,
    );
    await activate(page, page.getByRole('button', { name: 'Request Move' }));
    const body = (await (await sent).json()) as { data: { Request_ID: { id: number } } };
    requestId = body.data.Request_ID.id;
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  });

  await test.step('My Requests: compare the bids and accept one', async () => {
    await activate(page, page.getByRole('button', { name: 'go to my requests page' }));
    await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
    await waitForBids(page.request, customer.token, requestId);
    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: `Request #${requestId}` });
    await expect(card.getByText('Bids received: 4')).toBeVisible({ timeout: 15_000 });
    await activate(page, card.getByRole('link', { name: 'Show All' }), { max: 60 });
    await expect(page).toHaveURL(new RegExp(`/companies-list/${requestId}$`));
    const list = page.getByRole('list', { name: 'Bidding companies' });
    await expect(list.getByRole('listitem')).toHaveCount(4);

    // The filter dialog keeps the focus inside; Escape closes it and the focus comes back.
    const filterButton = page.getByRole('button', { name: 'Filter', exact: true });
    const filter = page.getByRole('dialog', { name: 'Filter' });
    await activate(page, filterButton);
    await expect(filter).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(filter).toBeHidden();
    await expect(filterButton).toBeFocused();
    // Again, to sort by price: the arrows pick 'Min price first', Apply sorts the list.
    await page.keyboard.press('Enter');
    await expect(filter).toBeVisible();
    const minFirst = filter.getByRole('radio', { name: 'Min price first' });
    await chooseRadio(page, filter.getByRole('radiogroup', { name: 'Price' }), minFirst);
    await expectVisibleFocus(page, 'a price sort');
    await activate(page, filter.getByRole('button', { name: 'Apply' }), { max: 10 });
    await expect(filter).toBeHidden();
    await expect(filterButton).toBeFocused();
    await expect(list.getByRole('listitem')).not.toHaveCount(0);

    const first = list.getByRole('listitem').first();
    const companyName = await first.getByRole('heading', { level: 2 }).innerText();
    await activate(page, list.getByRole('button', { name: `Accept the bid of ${companyName}` }));
    const accept = page.getByRole('dialog', { name: 'Accept Bid' });
    await expect(accept).toBeVisible();
    await activate(page, accept.getByRole('button', { name: 'Accept' }), { max: 10 });
    await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
    await expect(summaryOf(page, requestId).getByText('Awaiting Payment')).toBeVisible();
  });

  await test.step('pay into escrow with the card', async () => {
    const summary = summaryOf(page, requestId);
    await activate(page, summary.getByRole('link', { name: `Pay for request #${requestId}` }));
    await expect(page.getByRole('heading', { level: 1, name: 'Make Payment' })).toBeVisible();
    const terms = page.getByRole('checkbox', { name: 'Agree to terms' });
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await expectVisibleFocus(page, 'Agree to terms');
    const paid = page.waitForResponse((r) => r.url().endsWith('/api/customer/make_payment'));
    await activate(page, page.getByRole('button', { name: /^Pay \$/ }));
    expect((await paid).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  });

  await test.step('chat with the company', async () => {
    const summary = summaryOf(page, requestId);
    await activate(
      page,
      summary.getByRole('link', {
        name: new RegExp(`^Chat with the (company|foreman) of request #${requestId}$`),
      }),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    const message = page.getByRole('textbox', { name: 'Message' });
    await typeInto(page, message, 'Hello! Can you bring blankets?');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('log').getByText('Hello! Can you bring blankets?').first(),
    ).toBeVisible();
  });

  await test.step('confirm the move, rate it and tip', async () => {
    await page.goto(`/dashboard/my-requests/${requestId}`);
    await reloadUntilStatus(page, requestId, 'Completed, waiting for confirmation', 100_000);
    const summary = summaryOf(page, requestId);
    await activate(page, summary.getByRole('link', { name: 'Confirm move and release money' }), {
      max: 60,
    });
    await expect(page).toHaveURL(new RegExp(`/confirm-complete/${requestId}$`));
    const confirmed = page.waitForResponse((r) =>
      r.url().endsWith('/api/customer/end_move_confirmation'),
    );
    await activate(page, page.getByRole('button', { name: 'Confirm move and release money' }));
    expect((await confirmed).status()).toBe(200);

    const feedback = page.getByRole('dialog', { name: 'Feedback' });
    await expect(feedback).toBeVisible();
    // The stars are radios: Tab lands on the group's choice (none yet), the arrows go to 4.5.
    const half = feedback.getByRole('radio', { name: '4.5 Stars' });
    await chooseRadio(page, feedback.getByRole('group', { name: 'How was your move?' }), half, {
      key: 'ArrowRight',
      max: 10,
    });
    await typeInto(page, feedback.getByLabel('Comments'), 'Careful crew, on time.');
    const fifteen = feedback.getByRole('radio', { name: /^15% \(/ });
    await chooseRadio(page, feedback.getByRole('group', { name: 'Tip' }), fifteen, {
      key: 'ArrowRight',
      max: 10,
    });
    const tip = dollars((await feedback.getByText(/^15% \(/).innerText()).replace(/^15% /, ''));
    const sent = page.waitForResponse((r) => r.url().endsWith('/app_api/add_feedback'));
    await activate(page, feedback.getByRole('button', { name: 'Submit' }), { max: 10 });
    const answer = await sent;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: { tip: number } }).data.tip).toBe(tip);
    await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  });
});
