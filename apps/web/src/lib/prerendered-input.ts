/*
 * A prerendered page (decision 031) shows its form before the app's script has run. Someone
 * quick may type into it, or move the focus through it, or press a button, meanwhile; the app
 * then hydrates the page (decision 034): React takes over the same elements, so what was typed
 * stays in the fields and the focus and caret stay where they were. What React does not do:
 * tell the app's state of a value typed before it ran (its replay of such changes,
 * `enableHydrationChangeEvent`, is off in React DOM 19's stable build), so a controlled field
 * would draw its empty state over the text on its next render and react-hook-form would reset
 * it to its default; nor act on a press made before its listeners existed. These steps do both:
 * read before hydration, carried over once the app has hydrated.
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

let afterHydration: (() => void) | undefined;

/**
 * What to do once the screen of a hydrated page is React's (main.tsx). React hydrates the page
 * in passes, each Suspense boundary after the one around it, so the root's commit comes before
 * the screen's: the layout's outlet says when its screen has committed (`screenCommitted`).
 */
export function afterScreenHydrates(run: () => void): void {
  afterHydration = run;
}

/** A layout's screen has committed: for a hydrated page, React now owns its elements. */
export function screenCommitted(): void {
  const run = afterHydration;
  afterHydration = undefined;
  run?.();
}

/** The id of the empty element that closes the picture, which the page's first paint waits for. */
export const PICTURE_END = 'picture-end';

/**
 * Gives the picture's controls back what the build took from them until the app runs
 * (`data-inert` names the attribute it added, build/prerender.ts), and takes out the element
 * that closes the picture, so that the page React hydrates is the page the app draws.
 */
export function wakeControls(root: HTMLElement): void {
  // The build's, not the app's: React would find an element it does not draw.
  root.querySelector(`#${PICTURE_END}`)?.remove();
  for (const element of root.querySelectorAll('[data-inert]')) {
    element.removeAttribute(element.getAttribute('data-inert') ?? 'data-inert');
    element.removeAttribute('data-inert');
  }
}

/**
 * The press on one of the picture's buttons that the start script kept (build/prerender.ts),
 * taken off #root: read once the app owns the page, since the script keeps presses until then.
 */
export function takePress(root: HTMLElement): TypedInput['pressed'] {
  const index = Number(root.getAttribute('data-pressed') ?? -1);
  const text = root.getAttribute('data-pressed-text') ?? '';
  root.removeAttribute('data-pressed');
  root.removeAttribute('data-pressed-text');
  return index >= 0 ? { index, text } : undefined;
}

/** What holds the focus in the picture, with a text field's selection unless the caret ends it. */
function focusOf(root: HTMLElement): TypedInput['focused'] {
  const active = document.activeElement;
  if (!active || !root.contains(active) || !active.matches(FOCUSABLE)) return undefined;
  const [start, end] = hasCaret(active) ? [active.selectionStart, active.selectionEnd] : [];
  const atEnd = hasCaret(active) && start === active.value.length && end === start;
  const selection =
    !atEnd && start != null && end != null ? ([start, end] as [number, number]) : undefined;
  return { ...keyOf(root, FOCUSABLE, active), selection };
}

/** Reads the picture's fields and focus before the app hydrates it. */
export function readInput(root: HTMLElement): TypedInput {
  const values = Array.from(root.querySelectorAll<Field>(FIELDS))
    .filter((field) => field.value !== '' && (field.name || field.id))
    // A select's first option is what it shows untouched.
    .filter((field) => !(field instanceof HTMLSelectElement) || field.selectedIndex > 0)
    .map((field) => ({ ...keyOf(root, FIELDS, field), value: field.value }));
  const focused = focusOf(root);
  return focused ? { values, focused } : { values };
}

/**
 * Keeps `typed` up to date while React hydrates the page: the screen is React's only some
 * passes after the app started, and what is typed or focused meanwhile counts as much as what
 * was before. Returns the function that stops watching.
 */
export function watchInput(root: HTMLElement, typed: TypedInput): () => void {
  const onInput = (event: Event) => {
    const field = event.target as Element;
    // Untrusted events count too: a date picker's value is set by script (as tools fill it).
    if (!(field instanceof Element) || !field.matches(FIELDS)) return;
    const value = (field as Field).value;
    const others = typed.values.filter((entry) => find(root, FIELDS, entry) !== field);
    typed.values = value === '' ? others : [...others, { ...keyOf(root, FIELDS, field), value }];
    typed.focused = focusOf(root);
  };
  const onFocus = () => {
    typed.focused = focusOf(root);
  };
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
  root.addEventListener('focusin', onFocus, true);
  return () => {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('change', onInput, true);
    root.removeEventListener('focusin', onFocus, true);
  };
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
 * Tells the hydrated app of every value typed before it ran, with the events typing or choosing
 * fires, so that the form's state (react-hook-form's, a controlled field's) takes them; puts the
 * caret or selection back where it was; and makes again the button press the picture could not
 * act on. A field the app has since filled with something else keeps the app's value.
 */
export function carryOverInput(root: HTMLElement, typed: TypedInput): void {
  for (const { value, ...key } of typed.values) {
    const field = find(root, FIELDS, key) as Field | undefined;
    if (!field || field.disabled) continue;
    const live = field.value;
    const untouched = field instanceof HTMLSelectElement ? field.selectedIndex <= 0 : live === '';
    if (!untouched && live !== value) continue;
    // React notices a change against the value it last set through the element's own property
    // (hydration recorded the typed text there): set it empty that way, then type the value in
    // as the browser does, so the events carry a change React acts on.
    field.value = '';
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
