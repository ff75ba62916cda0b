import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { carryOverInput, readInput, takePress, watchInput } from './prerendered-input';

/** The live form: react-hook-form's registered fields, as the login and wizard screens use. */
function LiveForm({ onSave }: { onSave: (values: { email: string; note: string }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { email: '', note: '' } });
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <label htmlFor="email-field">Email</label>
      <input id="email-field" type="email" {...register('email')} />
      <label htmlFor="note-field">Note</label>
      <textarea id="note-field" {...register('note')} />
      <button type="submit">Save</button>
    </form>
  );
}

/** The picture the server sent: the app's own markup, drawn as the build draws it. */
function picture(app: ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(app);
  document.body.append(root);
  return root;
}

/**
 * The app takes over the picture as main.tsx does: reads what was typed, hydrates the same
 * elements, and once hydrated carries the values and the kept press over.
 */
function handOver(root: HTMLElement, app: ReactElement) {
  const typed = readInput(root);
  render(app, { container: root, hydrate: true });
  carryOverInput(root, { ...typed, pressed: takePress(root) });
  return typed;
}

describe('carrying typed text from the prerendered page to the app', () => {
  it('puts what was typed into the live form, where its state sees it, and the caret back', async () => {
    const onSave = vi.fn();
    const root = picture(<LiveForm onSave={onSave} />);
    root.querySelector<HTMLInputElement>('#email-field')!.value = 'dana@example.com';
    const note = root.querySelector<HTMLTextAreaElement>('#note-field')!;
    note.value = 'Piano on the 2nd floor';
    note.focus();

    handOver(root, <LiveForm onSave={onSave} />);

    // Hydrated, not drawn again: the element the visitor typed into is the app's.
    expect(screen.getByLabelText('Note')).toBe(note);
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(screen.getByLabelText('Note')).toHaveFocus();
    // Typing goes on where it stopped.
    await userEvent.keyboard('!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      { email: 'dana@example.com', note: 'Piano on the 2nd floor!' },
      expect.anything(),
    );
  });

  it('counts what is typed while the app hydrates, as a date picker sets it by script', async () => {
    const onSave = vi.fn();
    const root = picture(<LiveForm onSave={onSave} />);
    const typed = readInput(root);
    const stop = watchInput(root, typed);
    // After the picture was read, before the screen is the app's.
    const email = root.querySelector<HTMLInputElement>('#email-field')!;
    email.value = 'dana@example.com';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    stop();
    render(<LiveForm onSave={onSave} />, { container: root, hydrate: true });
    carryOverInput(root, typed);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ email: 'dana@example.com', note: '' }, expect.anything());
  });

  it('leaves an untouched picture as the app draws it', () => {
    const root = picture(<LiveForm onSave={vi.fn()} />);
    const typed = handOver(root, <LiveForm onSave={vi.fn()} />);
    expect(typed).toEqual({ values: [], focused: undefined });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Email')).not.toHaveFocus();
  });

  it('tells fields of one name apart by their place, and keeps the caret where it was', () => {
    // The wizard's address fields share a name.
    const addresses = (
      <>
        <label htmlFor="a-2">Address A</label>
        <input id="a-2" name="address" type="text" />
        <label htmlFor="b-2">Address B</label>
        <input id="b-2" name="address" type="text" />
      </>
    );
    const root = picture(addresses);
    const second = root.querySelector<HTMLInputElement>('#b-2')!;
    second.value = '12 Ocean Ave';
    second.focus();
    second.setSelectionRange(3, 8);

    handOver(root, addresses);

    expect(screen.getByLabelText('Address A')).toHaveValue('');
    const live = screen.getByLabelText<HTMLInputElement>('Address B');
    expect(live).toHaveValue('12 Ocean Ave');
    expect(live).toHaveFocus();
    expect([live.selectionStart, live.selectionEnd]).toEqual([3, 8]);
  });

  it('makes again a press on a button the picture could not act on, on the same button only', async () => {
    const onSave = vi.fn();
    const root = picture(<LiveForm onSave={onSave} />);
    root.querySelector<HTMLInputElement>('#email-field')!.value = 'dana@example.com';
    // The start script kept the press on the form's only button (build/prerender.ts).
    root.setAttribute('data-pressed', '0');
    root.setAttribute('data-pressed-text', 'Save');
    handOver(root, <LiveForm onSave={onSave} />);
    // Read once: the press is taken off the picture's root.
    expect(root.hasAttribute('data-pressed')).toBe(false);
    await vi.waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        { email: 'dana@example.com', note: '' },
        expect.anything(),
      ),
    );

    // A screen that is not the picture's (another button there) is left alone.
    const notSaved = vi.fn();
    const other = picture(<LiveForm onSave={notSaved} />);
    other.setAttribute('data-pressed', '0');
    other.setAttribute('data-pressed-text', 'Send');
    handOver(other, <LiveForm onSave={notSaved} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notSaved).not.toHaveBeenCalled();
  });

  it('keeps typing after what was typed when the live field formats it, as a phone mask does', async () => {
    // The live field writes the digits as '(555) 8', as the phone mask does.
    function MaskedPhone() {
      const [value, setValue] = useState('');
      const format = (text: string) => {
        const digits = text.replace(/\D/g, '');
        return digits.length > 3 ? `(${digits.slice(0, 3)}) ${digits.slice(3)}` : `(${digits}`;
      };
      return (
        <input
          aria-label="Phone"
          name="phone"
          type="tel"
          value={value}
          onChange={(event) => setValue(format(event.target.value))}
        />
      );
    }
    const root = picture(<MaskedPhone />);
    const phone = root.querySelector<HTMLInputElement>('input')!;
    phone.value = '5558';
    phone.focus();
    phone.setSelectionRange(4, 4);

    handOver(root, <MaskedPhone />);

    const live = screen.getByLabelText('Phone');
    expect(live).toHaveValue('(555) 8');
    expect(live).toHaveFocus();
    // The caret is after the 8, not four characters in: the next digits follow it.
    await userEvent.keyboard('54');
    expect(live).toHaveValue('(555) 854');
  });
});
