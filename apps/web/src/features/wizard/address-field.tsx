import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { AUTOCOMPLETE_MIN_INPUT, type PlaceSuggestion } from '@movehub/shared';
import type { WizardAddress } from './draft';
import { useDebouncedValue } from './use-debounced-value';
import { autocompleteAddress } from './wizard-api';

/** Typing pauses this long before suggestions are asked for (one call per pause, not per key). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

interface AddressFieldProps {
  address: WizardAddress;
  /** The step's 'Please enter the … address.' once Next was tried. */
  error: string | null;
  /**
   * A suggestion was picked. Resolves with the accepted address text, or null when it was not
   * accepted (geocoding failed or the area is not served), and the field shows its old text.
   */
  onChoose: (suggestion: PlaceSuggestion) => Promise<string | null>;
  /** spec §4 "Clearing an address empties its card". */
  onClear: () => void;
}

/**
 * One address's search (spec/request-lifecycle.md §2 step 0 "Addresses are chosen with
 * autocomplete"; §7: suggestions restricted to the US and Pakistan, which the server applies).
 * Only a suggestion can be chosen (no free text), so every address has a geocoded position.
 */
export function AddressField({ address, error, onChoose, onClear }: AddressFieldProps) {
  const [inputValue, setInputValue] = useState(address.address);
  const [typed, setTyped] = useState('');
  const [resolving, setResolving] = useState(false);
  const term = useDebouncedValue(typed.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const searchable = term.length >= AUTOCOMPLETE_MIN_INPUT;

  const suggestions = useQuery({
    queryKey: ['wizard', 'autocomplete', term],
    queryFn: ({ signal }) => autocompleteAddress(term, signal),
    enabled: searchable,
    staleTime: 5 * 60 * 1000,
    // The list stays while the next word is looked up, rather than flashing empty.
    placeholderData: keepPreviousData,
    retry: false,
  });

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

  const options = searchable ? (suggestions.data?.data.predictions ?? []) : [];
  const label = `Address ${address.label}`;

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
      loading={searchable && suggestions.isFetching}
      loadingText="Searching…"
      noOptionsText={
        term.length < AUTOCOMPLETE_MIN_INPUT ? 'Type at least 2 characters' : 'No addresses found'
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
        setResolving(true);
        void onChoose(option)
          .then((accepted) => setInputValue(accepted ?? previous))
          .finally(() => setResolving(false));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="address"
          label={label}
          placeholder={address.placeholder}
          error={error !== null}
          helperText={error ?? undefined}
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
