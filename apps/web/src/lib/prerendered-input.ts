/*
 * A prerendered page (decision 031) shows its form before the app's script has run. Someone
 * quick may type into it, or move the focus through it, meanwhile; the app then draws the same
 * form in its place. These two steps carry what was typed, and where the focus was, from the
 * picture to the live form.
 */

/**
 * How a field, link or button is found again in the live page: by name (else id, else a link's
 * address or a button's text), and by its place among the elements that share it, since fields
 * may share a name (the wizard's address fields are all "address", with ids made afresh on each
 * draw).
 */
interface Key {
  tag: string;
  name: string;
  id: string;
  href: string;
  text: string;
  index: number;
}

/** What was typed into the picture's fields, by field, and what had the focus. */
export interface TypedInput {
  values: (Key & { value: string })[];
  /**
   * The selection (or caret) of a text field, none when the caret stood at the end of the text:
   * it goes to the end of the live field's text then, which the app may have formatted (a phone
   * mask adds brackets), so that typing goes on after what was typed, not inside it.
   */
  focused?: Key & { selection?: [number, number] };
  /** A button pressed in the picture, which the start script kept (build/prerender.ts). */
  pressed?: { index: number; text: string };
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Fields whose value can be carried over: text-like inputs, text areas and selects. */
const FIELDS =
  'input:not([type]),input[type="text"],input[type="email"],input[type="password"],' +
  'input[type="tel"],input[type="search"],input[type="number"],input[type="date"],textarea,select';

/** What can hold the focus before the app runs: a field, a link or a button. */
const FOCUSABLE = `${FIELDS},a[href],button`;

/** Whether two elements are found by the same name, id or address. */
function sameKey(element: Element, key: Omit<Key, 'index'>): boolean {
  if (element.localName !== key.tag) return false;
  if (key.name) return element.getAttribute('name') === key.name;
  if (key.id) return element.id === key.id;
  return (
    (key.tag === 'a' || key.tag === 'button') &&
    element.getAttribute('href') === (key.href || null) &&
    (element.textContent ?? '') === key.text
  );
}

function keyOf(root: HTMLElement, selector: string, element: Element): Key {
  const key = {
    tag: element.localName,
    name: element.getAttribute('name') ?? '',
    id: element.id,
    href: element.getAttribute('href') ?? '',
    text: ['a', 'button'].includes(element.localName) ? (element.textContent ?? '') : '',
  };
  const alike = Array.from(root.querySelectorAll(selector)).filter((other) => sameKey(other, key));
  return { ...key, index: alike.indexOf(element) };
}

/** The live page's element that stands where the picture's stood. */
function find(root: HTMLElement, selector: string, key: Key): Element | undefined {
  return Array.from(root.querySelectorAll(selector)).filter((element) => sameKey(element, key))[
    key.index
  ];
}

/** Reads the picture's fields and focus before it is replaced. */
export function readInput(root: HTMLElement): TypedInput {
  const values = Array.from(root.querySelectorAll<Field>(FIELDS))
    .filter((field) => field.value !== '' && (field.name || field.id))
    // A select's first option is what it shows untouched.
    .filter((field) => !(field instanceof HTMLSelectElement) || field.selectedIndex > 0)
    .map((field) => ({ ...keyOf(root, FIELDS, field), value: field.value }));
  const index = Number(root.getAttribute('data-pressed') ?? -1);
  const pressed =
    index >= 0 ? { index, text: root.getAttribute('data-pressed-text') ?? '' } : undefined;
  root.removeAttribute('data-pressed');
  root.removeAttribute('data-pressed-text');
  const active = document.activeElement;
  if (!active || !root.contains(active) || !active.matches(FOCUSABLE)) return { values, pressed };
  const [start, end] = hasCaret(active) ? [active.selectionStart, active.selectionEnd] : [];
  const atEnd = hasCaret(active) && start === active.value.length && end === start;
  const selection =
    !atEnd && start != null && end != null ? ([start, end] as [number, number]) : undefined;
  return { values, focused: { ...keyOf(root, FOCUSABLE, active), selection }, pressed };
}

/** The value setter of the element's own prototype, as the browser's typing uses. */
function setValue(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  // React tracks the value property of the element and would otherwise take the event for no
  // change.
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * Puts the carried values into the live form's untouched fields, with the events typing or
 * choosing fires, so that the form's state (react-hook-form's, a controlled field's) takes
 * them, puts the focus back, with a text field's caret or selection where it was, and makes
 * again the button press the picture could not act on.
 */
export function carryOverInput(root: HTMLElement, typed: TypedInput): void {
  for (const { value, ...key } of typed.values) {
    const field = find(root, FIELDS, key) as Field | undefined;
    if (!field || field.disabled) continue;
    const untouched =
      field instanceof HTMLSelectElement ? field.selectedIndex <= 0 : field.value === '';
    if (!untouched) continue;
    setValue(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const element = typed.focused && find(root, FOCUSABLE, typed.focused);
  if (typed.focused && element instanceof HTMLElement) {
    element.focus();
    if (hasCaret(element)) {
      const [start, end] = typed.focused.selection ?? [element.value.length, element.value.length];
      element.setSelectionRange(start, end);
    }
  }
  // The press made before the app ran, on the same button if the app drew the same screen.
  if (typed.pressed) {
    const button = root.querySelectorAll('button')[typed.pressed.index];
    if (button && (button.textContent ?? '') === typed.pressed.text) button.click();
  }
}

/** A field with a caret and a selection (an email or number input has neither). */
function hasCaret(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement &&
      ['text', 'search', 'tel', 'password'].includes(element.type))
  );
}
