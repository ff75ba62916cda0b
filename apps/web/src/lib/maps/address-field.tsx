import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import CloseIcon from '@mui/icons-material/Close';
import {
  APPROXIMATE_LOCATION,
  AUTOCOMPLETE_MIN_INPUT,
  type PlaceSuggestion,
} from '@movehub/shared';
import { useDebouncedValue } from '../use-debounced-value';
import { autocompleteQueryOptions, geoConfigQueryOptions } from './geo-query';

/** Typing pauses this long before suggestions are asked for (one call per pause, not per key). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

/** The empty list's advice: what a search finds when a typed street alone finds nothing. */
export const NO_ADDRESS_FOUND = 'No addresses found. Add the city or the zip code.';
/**
 * The offline gazetteer knows zip codes, not streets (issue 31): it keeps a typed street as
 * written and places it at the centre of the zip the customer picks, an approximate location.
 */
export const NO_ADDRESS_FOUND_OFFLINE =
  'Type the street, then its zip code: 1600 Vine St, 90028. It is placed at the zip’s centre.';

/** What the field shows of an address: the wizard's card and the edit screens' form alike. */
export interface AddressFieldValue {
  /** Stable while the field lives: the input's id is `address-field-{id}`. */
  id: string;
  /** The address's letter (A to F): the field is labelled 'Address {label}'. */
  label: string;
  /** The chosen place's text. */
  address: string;
  /** No place chosen yet. */
  isEmpty: boolean;
  zip_code: string;
  city: string;
  state: string;
  placeholder?: string;
}

interface AddressFieldProps {
  address: AddressFieldValue;
  /** The screen's message for the address (the wizard's 'Please enter the … address.'). */
  error: string | null;
  /**
   * A suggestion was picked. Resolves with the accepted address text, or null when it was not
   * accepted (geocoding failed or the area is not served), and the field shows its old text.
   */
  onChoose: (suggestion: PlaceSuggestion) => Promise<string | null>;
  /** spec §4 "Clearing an address empties its card". */
  onClear: () => void;
  /** The search input, for a form that moves focus to the field when its address is missing. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The suggestions' list opens below the field, or above it when below has less room. */
const POPUP_MAX_HEIGHT = 320;
const POPUP_GAP = 4;

/**
 * Where the open list goes: fixed to the viewport beside the field, so a dialog's or a card's
 * overflow does not clip it, and measured again as the page scrolls or the window resizes.
 */
function usePopupPlacement(open: boolean, anchor: RefObject<HTMLElement | null>) {
  const [style, setStyle] = useState<CSSProperties | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const node = anchor.current;
      if (!node) return;
      const rect = node.getBoundingClientRect();
      const below = window.innerHeight - rect.bottom - POPUP_GAP * 2;
      const above = rect.top - POPUP_GAP * 2;
      const down = below >= Math.min(POPUP_MAX_HEIGHT, 200) || below >= above;
      setStyle({
        position: 'fixed',
        left: rect.left,
        width: rect.width,
        maxHeight: Math.max(120, Math.min(POPUP_MAX_HEIGHT, down ? below : above)),
        ...(down
          ? { top: rect.bottom + POPUP_GAP }
          : { bottom: window.innerHeight - rect.top + POPUP_GAP }),
      });
    };
    // Measured once the field is laid out, before the browser paints.
    queueMicrotask(place);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
      setStyle(null);
    };
  }, [open, anchor]);
  return style;
}

/**
 * One address's search (spec/request-lifecycle.md §2 step 0 "Addresses are chosen with
 * autocomplete", "Address add and edit"; §7: suggestions restricted to the US and Pakistan,
 * which the server applies). Only a suggestion can be chosen (no free text), so every address
 * has a geocoded position. The wizard's step 0 and the request's address edit screens use it.
 *
 * An ARIA 1.2 combobox with a list popup, written on the outlined input the forms already load
 * rather than on MUI's Autocomplete, whose positioning engine and chips would add about 16 kB
 * of gzipped script to the wizard's first screen (decision 030): typing opens the suggestions,
 * the arrow keys move through them, Enter or a click takes one, Escape or leaving closes them,
 * and leaving puts back the chosen address's text.
 */
export function AddressField({ address, error, onChoose, onClear, inputRef }: AddressFieldProps) {
  const [inputValue, setInputValue] = useState(address.address);
  const [typed, setTyped] = useState('');
  const [resolving, setResolving] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const current = typed.trim();
  const term = useDebouncedValue(current, AUTOCOMPLETE_DEBOUNCE_MS);
  const searchable = term.length >= AUTOCOMPLETE_MIN_INPUT;
  const offline = useQuery(geoConfigQueryOptions()).data?.data.provider === 'offline';

  const suggestions = useQuery({
    ...autocompleteQueryOptions(term),
    enabled: searchable,
  });
  // Suggestions belong to the text they answer: while the field says something else (typing
  // ahead of the pause, or an answer still on its way) no older list is offered to click.
  const answered = searchable && term === current && suggestions.isSuccess;
  const waiting = current.length >= AUTOCOMPLETE_MIN_INPUT && !answered && !suggestions.isError;
  const options = answered ? suggestions.data.data.predictions : [];

  // The card's address as the field's text: a change made elsewhere (a chosen place accepted,
  // a removed address relabelling the cards, a restored draft) rewrites what the field shows.
  const chosenText = address.isEmpty ? '' : address.address;
  const shown = useRef(chosenText);
  useEffect(() => {
    if (shown.current === chosenText) return;
    shown.current = chosenText;
    setInputValue(chosenText);
  }, [chosenText]);

  const anchor = useRef<HTMLDivElement | null>(null);
  const popupOpen = open && !resolving;
  const popupStyle = usePopupPlacement(popupOpen, anchor);

  const inputId = `address-field-${address.id}`;
  const listId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const listed = popupOpen && options.length > 0;

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from the field's id, which does not change while it lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const clear = () => {
    close();
    setTyped('');
    setInputValue('');
    onClear();
  };

  const choose = (option: PlaceSuggestion) => {
    const previous = address.address;
    close();
    // What was typed is answered; reopening the list starts a new search.
    setTyped('');
    setInputValue(option.description);
    setResolving(true);
    void onChoose(option)
      .then((accepted) => setInputValue(accepted ?? previous))
      .finally(() => setResolving(false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (resolving) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        // The first press opens the list; the next ones move through it, round the ends.
        if (!open) {
          setOpen(true);
          return;
        }
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) =>
          index < 0 ? (step > 0 ? 0 : count - 1) : (index + step + count) % count,
        );
        return;
      }
      case 'Enter':
        if (listed && active >= 0 && active < count) {
          event.preventDefault();
          choose(options[active]!);
        }
        return;
      case 'Escape':
        // Closes the list only: a dialog around the field stays open.
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
    }
  };

  const label = `Address ${address.label}`;
  // At 375 px the field shows the start of the address and cuts off its end, where the zip
  // tells the choices apart: the chosen place's zip and city are repeated below it.
  const place = address.isEmpty
    ? undefined
    : [
        address.zip_code && `Zip ${address.zip_code}`,
        [address.city, address.state].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(' · ');
  // Offline every place is its zip's centre: the customer is told it is approximate.
  const helper =
    error ??
    (place && (offline && address.zip_code ? `${place} · ${APPROXIMATE_LOCATION}` : place));
  const helperId = helper ? `${inputId}-helper-text` : undefined;
  const emptyText =
    current.length < AUTOCOMPLETE_MIN_INPUT
      ? 'Type at least 2 characters'
      : offline
        ? NO_ADDRESS_FOUND_OFFLINE
        : NO_ADDRESS_FOUND;

  return (
    <FormControl fullWidth error={error !== null}>
      <InputLabel htmlFor={inputId} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        ref={anchor}
        id={inputId}
        inputRef={inputRef}
        name="address"
        label={label}
        notched
        placeholder={address.placeholder}
        value={inputValue}
        readOnly={resolving}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setInputValue(next);
          setTyped(next);
          setOpen(true);
          setActive(-1);
          // Deleting the text empties the card, as the clear button does.
          if (next === '' && !address.isEmpty) onClear();
        }}
        onClick={() => {
          if (!resolving) setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          setTyped('');
          // Only a chosen place counts: leaving the field puts its text back.
          if (!resolving) setInputValue(chosenText);
        }}
        inputProps={{
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': listed,
          'aria-controls': listed ? listId : undefined,
          'aria-activedescendant': listed && active >= 0 ? optionId(active) : undefined,
          'aria-describedby': helperId,
          autoCapitalize: 'none',
          spellCheck: false,
        }}
        endAdornment={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {resolving && (
              <CircularProgress
                size={20}
                color="inherit"
                aria-label={`Checking address ${address.label}`}
              />
            )}
            {!resolving && inputValue !== '' && (
              <IconButton
                size="small"
                edge="end"
                tabIndex={-1}
                title={`Clear address ${address.label}`}
                aria-label={`Clear address ${address.label}`}
                // The field keeps the focus: the customer types the new address next.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  clear();
                  document.getElementById(inputId)?.focus();
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        }
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
      {popupOpen && popupStyle && (
        <Paper
          elevation={8}
          // A click in the list keeps the focus in the field, so it does not close first.
          onMouseDown={(event) => event.preventDefault()}
          sx={{ zIndex: 'modal', overflowY: 'auto', py: listed ? 1 : 0 }}
          style={popupStyle}
        >
          {listed ? (
            <Box component="ul" role="listbox" id={listId} aria-label={label} sx={{ m: 0, p: 0 }}>
              {options.map((option, index) => (
                <Box
                  component="li"
                  key={option.place_id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseMove={() => {
                    if (index !== active) setActive(index);
                  }}
                  onClick={() => choose(option)}
                  sx={{
                    listStyle: 'none',
                    px: 2,
                    py: 1,
                    minHeight: 48,
                    display: 'flex',
                    alignItems: 'center',
                    cursor: 'pointer',
                    '&[aria-selected="true"]': { bgcolor: 'action.hover' },
                  }}
                >
                  {option.description}
                </Box>
              ))}
            </Box>
          ) : (
            <Box sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
              {waiting ? 'Searching…' : emptyText}
            </Box>
          )}
        </Paper>
      )}
    </FormControl>
  );
}
