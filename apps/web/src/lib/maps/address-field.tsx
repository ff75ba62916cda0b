import { useMemo, useState, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { AUTOCOMPLETE_MIN_INPUT, type PlaceSuggestion } from '@movehub/shared';
import { useDebouncedValue } from '../use-debounced-value';
import { autocompleteQueryOptions, geoConfigQueryOptions } from './geo-query';

/** Typing pauses this long before suggestions are asked for (one call per pause, not per key). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

/** The empty list's advice: what a search finds when a typed street alone finds nothing. */
export const NO_ADDRESS_FOUND = 'No addresses found. Add the city or the zip code.';
/**
 * The offline gazetteer knows zip codes and cities, not streets: it keeps a typed street as
 * written and places it at the centre of the zip the customer picks.
 */
export const NO_ADDRESS_FOUND_OFFLINE =
  'No match. Type a zip code (90012) or a city, after the street if you like: 200 N Spring St, Los Angeles.';

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

/**
 * One address's search (spec/request-lifecycle.md §2 step 0 "Addresses are chosen with
 * autocomplete", "Address add and edit"; §7: suggestions restricted to the US and Pakistan,
 * which the server applies). Only a suggestion can be chosen (no free text), so every address
 * has a geocoded position. The wizard's step 0 and the request's address edit screens use it.
 */
export function AddressField({ address, error, onChoose, onClear, inputRef }: AddressFieldProps) {
  const [inputValue, setInputValue] = useState(address.address);
  const [typed, setTyped] = useState('');
  const [resolving, setResolving] = useState(false);
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

  // The card's current address as the option the field shows. A new object only when the
  // address itself changes: a new value makes the field rewrite its text.
  const { id, isEmpty, address: text } = address;
  const value = useMemo<PlaceSuggestion | null>(
    () =>
      isEmpty
        ? null
        : {
            place_id: `chosen:${id}`,
            description: text,
            zip_code: null,
            city: null,
            state: null,
            country: null,
            latitude: null,
            longitude: null,
          },
    [id, isEmpty, text],
  );

  const options = answered ? suggestions.data.data.predictions : [];
  const label = `Address ${address.label}`;
  // At 375 px the field shows the start of the address and cuts off its end, where the zip
  // tells the choices apart: the chosen place's zip and city are repeated below it.
  const place = isEmpty
    ? undefined
    : [
        address.zip_code && `Zip ${address.zip_code}`,
        [address.city, address.state].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(' · ');
  const helper =
    error ??
    (place && (offline && address.zip_code ? `${place} · placed at the zip's centre` : place));

  return (
    <Autocomplete<PlaceSuggestion, false, false, false>
      id={`address-field-${address.id}`}
      value={value}
      inputValue={inputValue}
      options={options}
      // The server filters and ranks; the list is shown as it comes.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.description}
      getOptionKey={(option) => option.place_id}
      isOptionEqualToValue={(option, chosen) => option.place_id === chosen.place_id}
      loading={waiting}
      loadingText="Searching…"
      noOptionsText={
        current.length < AUTOCOMPLETE_MIN_INPUT
          ? 'Type at least 2 characters'
          : offline
            ? NO_ADDRESS_FOUND_OFFLINE
            : NO_ADDRESS_FOUND
      }
      clearText={`Clear address ${address.label}`}
      forcePopupIcon={false}
      readOnly={resolving}
      onInputChange={(_event, next, reason) => {
        setInputValue(next);
        if (reason === 'input') setTyped(next);
      }}
      onChange={(_event, option, reason) => {
        if (reason === 'clear' || option === null) {
          setTyped('');
          setInputValue('');
          onClear();
          return;
        }
        const previous = address.address;
        // What was typed is answered; reopening the list starts a new search.
        setTyped('');
        setResolving(true);
        void onChoose(option)
          .then((accepted) => setInputValue(accepted ?? previous))
          .finally(() => setResolving(false));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          name="address"
          label={label}
          placeholder={address.placeholder}
          error={error !== null}
          helperText={helper || undefined}
          fullWidth
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {resolving && (
                    <CircularProgress
                      size={20}
                      color="inherit"
                      aria-label={`Checking address ${address.label}`}
                    />
                  )}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
            inputLabel: { ...params.InputLabelProps, shrink: true },
            htmlInput: params.inputProps,
          }}
        />
      )}
    />
  );
}
