import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { daysFromToday } from './requests';
import { expect } from './fixtures';

/*
 * Script injection in the browser: hostile text entered where a customer or a company can enter
 * it, then every screen that shows it is visited. Each payload would set window.__xss (and open
 * an alert) if it ran; none may. The console guard of the journeys' `test` fails on any error.
 */

/** Each way a text could run script when shown as HTML, naming the marker it would set. */
export const PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img';alert(1)">`,
  script: `<script>window.__xss='script';alert(1)</script>`,
  svg: `"><svg onload="window.__xss='svg';alert(1)">`,
  link: `javascript:window.__xss='link';alert(1)`,
} as const;

/** All four payloads in one text (within the 200 characters of an item name). */
export function hostile(tag: string): string {
  return `${tag} ${PAYLOADS.img} ${PAYLOADS.svg} ${PAYLOADS.script} ${PAYLOADS.link}`;
}

const dialogs = new WeakMap<Page, string[]>();

/** Records (and dismisses) any dialog the page opens: a payload that ran would open one. */
export function watchDialogs(page: Page): void {
  dialogs.set(page, []);
  page.on('dialog', (dialog) => {
    dialogs.get(page)?.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/**
 * The current screen ran nothing: no dialog so far, no marker set, and nothing in the document
 * that could run later (an event handler attribute, a script the page did not ship, a javascript:
 * link).
 */
export async function expectNothingRan(page: Page, screen: string): Promise<void> {
  const found = await page.evaluate(() => {
    const handlers = Array.from(document.querySelectorAll('*')).filter((el) =>
      Array.from(el.attributes).some((a) => a.name.startsWith('on') && a.value.includes('__xss')),
    );
    const scripts = Array.from(document.scripts).filter((s) => s.text.includes('__xss'));
    const links = Array.from(document.querySelectorAll('a[href], [src], [action]')).filter((el) =>
      ['href', 'src', 'action'].some((name) =>
        /^\s*javascript:/i.test(el.getAttribute(name) ?? ''),
      ),
    );
    return {
      marker: (window as unknown as { __xss?: unknown }).__xss ?? null,
      handlers: handlers.map((el) => el.outerHTML.slice(0, 120)),
      scripts: scripts.length,
      links: links.map((el) => el.outerHTML.slice(0, 120)),
    };
  });
  expect(found, `${screen}: nothing injected ran or waits to run`).toEqual({
    marker: null,
    handlers: [],
    scripts: 0,
    links: [],
  });
  expect(dialogs.get(page) ?? [], `${screen}: no dialog opened`).toEqual([]);
}

/**
 * A direct request's body through a company's link, as the wizard's direct-link mode sends it,
 * with `words` in its item, comment, address details and parking info, and the drop-off's
 * address.
 */
export async function directRequestBody(
  request: APIRequestContext,
  link: string,
  words: string,
  names: [string, string],
) {
  const types = (await (await request.get('/api/customer/get_move_type')).json()) as {
    data: { moveTypeItems: { id: number; name: string }[] };
  };
  const studio = types.data.moveTypeItems.find((t) => t.name === 'Studio');
  const address = (i: number, zip: string, city: string) => ({
    street_address: `${200 + i} Main St`,
    apartment_number: '',
    address_detail: words,
    is_storage: false,
    // The drop-off's address as typed, with markup: the letter and the public page show it.
    complete_address: `${200 + i} Main St${i === 1 ? ` ${PAYLOADS.img}` : ''}, ${city}, CA ${zip}, USA`,
    zip_code: zip,
    city,
    state: 'CA',
    country: 'USA',
    is_stairs: false,
    is_elevator: false,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: words,
    latitude: 34.05 + i * 0.01,
    longitude: -118.25,
    address_type: i === 0 ? '1' : '2',
  });
  const [yyyy, mm, dd] = daysFromToday(9).split('-');
  return {
    address_array: [address(0, '90012', 'Los Angeles'), address(1, '90401', 'Santa Monica')],
    starting_lat: 34.05,
    starting_long: -118.25,
    schedule_time: '',
    move_type: studio?.id,
    payment_status: '0',
    final_comment: words,
    s_date: `${mm}-${dd}-${yyyy}`,
    s_time: '10:00 - 11:00',
    start_window_from: '10:00',
    start_window_to: '11:00',
    movers: 2,
    items_array: [{ _id: '', name: words.slice(0, 200), type: '1', quantity: 1 }],
    first_name: names[0],
    last_name: names[1],
    email: uniqueEmail('direct-injection'),
    phone_number: '+13235550123',
    customer_phone_number: '+13235550123',
    direct_access_link: link,
  };
}
