import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@movehub/shared';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail, buildRequestEntry } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { afterSigningPath, LETTER_TEXT } from './sign-letter-page';
import { signatureWidth } from './signature-field';

const GET = 'POST /api/company/get_confirmation_letter';
const SIGN = 'POST /api/company/attach_signature_make_confirmation_letter_pdf';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const letter = (pdf: string | null = null) => ({
  code: 200,
  confirmation_letter:
    '<h2>Move Confirmation Letter</h2><p>Dear Robin</p><img src=x onerror="alert(1)"><ul><li>Cash Hour Rate: $120.00</li></ul>',
  get_request: {
    ...buildRequestEntry({ request: { id: 42, request_timeline_status: 3 } }).request,
    additional_status: pdf ? 1 : 0,
    confirmation_letter_pdf: pdf,
  },
});

// jsdom has no canvas: a 2D context whose every method does nothing, and a fixed PNG.
beforeEach(() => {
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => vi.restoreAllMocks());

/**
 * The letter at `path`: by a request id, as the signed-in customer's dashboard links it, or by
 * the public access link, as the emailed link opens it without a session.
 */
function renderPage(path: string, more: Record<string, StubHandler> = {}) {
  if (/\/\d+$/.test(path)) signInCustomer();
  const stub = stubFetch({
    // Where signing leads: the request's detail (the dashboard's), or its public page.
    ...dashboardStubs(),
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({ request: { id: 42, request_timeline_status: 3 } }),
    },
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /app_api/request_detail_by_request_link': {
      code: 200,
      request: {
        request: buildRequestEntry({ request: { id: 42, request_timeline_status: 3 } }).request,
        request_address: [],
        company_profile: null,
        company_phone: null,
      },
      token: null,
      claim: null,
    },
    [GET]: letter(),
    ...more,
  });
  const view = renderApp(path);
  return { ...stub, ...view };
}

/** One stroke on the pad, as a mouse or a pointer makes it. */
function draw(canvas: HTMLElement) {
  const at = { clientX: 10, clientY: 10, pointerId: 1, isPrimary: true };
  fireEvent.pointerDown(canvas, { ...at, buttons: 1 });
  fireEvent.pointerMove(canvas, { ...at, clientX: 40, buttons: 1 });
  fireEvent.pointerUp(canvas, { ...at, clientX: 40, buttons: 0 });
  fireEvent.mouseDown(canvas, { ...at, buttons: 1 });
  fireEvent.mouseMove(canvas, { ...at, clientX: 40, buttons: 1 });
  fireEvent.mouseUp(canvas, { ...at, clientX: 40, buttons: 0 });
}

const toast = () => screen.findByRole('alert');

beforeAll(
  () =>
    preloadScreens(
      '/sign-confirmation-letter/42',
      '/dashboard/my-requests/42',
      '/view-request/link-42',
    ),
  60_000,
);

describe('SignLetterPage', () => {
  it("shows the letter's sanitised HTML in the expandable 'Move Confirmation Letter' panel", async () => {
    renderPage('/sign-confirmation-letter/link-42');
    const panel = await screen.findByRole('region', { name: LETTER_TEXT.title });
    expect(within(panel).getByText('Cash Hour Rate: $120.00')).toBeInTheDocument();
    expect(panel.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByRole('button', { name: LETTER_TEXT.title })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const canvas = screen.getByRole('img', { name: 'Signature pad' }) as HTMLCanvasElement;
    expect(canvas.style.height).toBe('250px');
  });

  it('asks for the terms first, then a signature, before it sends anything', async () => {
    const { calls } = renderPage('/sign-confirmation-letter/link-42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LETTER_TEXT.done }));
    expect(await toast()).toHaveTextContent(MSG.agreeTermsSign);
    await user.click(screen.getByRole('checkbox', { name: LETTER_TEXT.agree }));
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.done }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.signatureRequired));
    // Drawn, then cleared: empty again.
    draw(screen.getByRole('img', { name: 'Signature pad' }));
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.clear }));
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.done }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.signatureRequired));
    expect(calls.filter((c) => c.path.includes('attach_signature'))).toEqual([]);
  });

  it('signs through the public link and goes to /view-request/{link}', async () => {
    const { calls } = renderPage('/sign-confirmation-letter/link-42', {
      [SIGN]: {
        code: 200,
        data: { request_id: 42, additional_status: 1, confirmation_letter_pdf: '/uploads/a.pdf' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: LETTER_TEXT.agree }));
    draw(screen.getByRole('img', { name: 'Signature pad' }));
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.done }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request #42' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/view-request/link-42');
    expect(calls.find((c) => c.path.includes('get_confirmation_letter'))?.body).toEqual({
      public_access_link: 'link-42',
    });
    expect(calls.find((c) => c.path.includes('attach_signature'))?.body).toEqual({
      request_id: 42,
      signature_path: PNG,
      public_access_link: 'link-42',
    });
  });

  it('signs by keyboard alone: a typed name is the signature, and clearing the pad clears it', async () => {
    const { calls } = renderPage('/sign-confirmation-letter/42', {
      [SIGN]: {
        code: 200,
        data: { request_id: 42, additional_status: 1, confirmation_letter_pdf: '/uploads/a.pdf' },
      },
    });
    const user = userEvent.setup();
    const written: string[] = [];
    const ctx = HTMLCanvasElement.prototype.getContext.call(document.createElement('canvas'), '2d');
    (ctx as unknown as { fillText: (text: string) => void }).fillText = (text) =>
      written.push(text);
    await screen.findByRole('checkbox', { name: LETTER_TEXT.agree });
    const name = screen.getByRole('textbox', { name: LETTER_TEXT.typedName });
    // Typed, then cleared with the pad: empty again.
    await user.type(name, 'Robin Avery');
    expect(written.at(-1)).toBe('Robin Avery');
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.clear }));
    expect(name).toHaveValue('');
    // Only spaces are no signature either.
    await user.type(name, '   ');
    // The terms ticked with the space bar, DONE pressed with Enter.
    screen.getByRole('checkbox', { name: LETTER_TEXT.agree }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: LETTER_TEXT.agree })).toBeChecked();
    screen.getByRole('button', { name: LETTER_TEXT.done }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.signatureRequired));
    await user.clear(name);
    await user.type(name, 'Robin Avery');
    screen.getByRole('button', { name: LETTER_TEXT.done }).focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/my-requests/42');
    expect(calls.find((c) => c.path.includes('attach_signature'))?.body).toEqual({
      request_id: 42,
      signature_path: PNG,
    });
  });

  it("shows the server's refusal as an error snackbar and stays", async () => {
    renderPage('/sign-confirmation-letter/42', {
      [SIGN]: {
        code: 409,
        message: 'The confirmation letter of this request has already been signed.',
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: LETTER_TEXT.agree }));
    draw(screen.getByRole('img', { name: 'Signature pad' }));
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.done }));
    expect(await toast()).toHaveTextContent(
      'The confirmation letter of this request has already been signed.',
    );
    expect(screen.getByRole('button', { name: LETTER_TEXT.done })).toBeEnabled();
  });

  it('asks to log in when the link alone may not sign a request in an account (401), and stays', async () => {
    const logIn =
      "This request is in its customer's account now: please log in to that account to sign its confirmation letter.";
    renderPage('/sign-confirmation-letter/link-42', { [SIGN]: { code: 401, message: logIn } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: LETTER_TEXT.agree }));
    draw(screen.getByRole('img', { name: 'Signature pad' }));
    await user.click(screen.getByRole('button', { name: LETTER_TEXT.done }));
    expect(await toast()).toHaveTextContent(logIn);
    expect(window.location.pathname).toBe('/sign-confirmation-letter/link-42');
    expect(screen.getByRole('button', { name: LETTER_TEXT.done })).toBeEnabled();
  });

  it('links the PDF instead of the pad once the letter is signed', async () => {
    renderPage('/sign-confirmation-letter/42', { [GET]: letter('/uploads/abc.pdf') });
    expect(await screen.findByRole('link', { name: LETTER_TEXT.viewPdf })).toHaveAttribute(
      'href',
      '/uploads/abc.pdf',
    );
    expect(screen.queryByRole('button', { name: LETTER_TEXT.done })).toBeNull();
  });

  it('goes to the request detail for a numeric id, else to the public page; sizes the pad to the window', () => {
    expect(afterSigningPath('42')).toBe('/dashboard/my-requests/42');
    expect(afterSigningPath('a1b2')).toBe('/view-request/a1b2');
    expect(signatureWidth(600)).toBe(420);
    expect(signatureWidth(1200)).toBe(600);
  });
});
