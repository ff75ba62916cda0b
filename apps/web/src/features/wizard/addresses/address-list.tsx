import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  canAddAddress,
  MAX_ADDRESSES,
  type GeocodedAddress,
  type PlaceSuggestion,
} from '@movehub/shared';
import { AddressField } from '../../../lib/maps/address-field';
import { AddressBadge } from './address-icons';
import { emptyAddress, relabelAddresses, type WizardAddress } from '../draft';
import { useWizard } from '../wizard-context';
import { useServiceArea } from './use-service-area';
import { geocodePlace } from '../../../lib/maps/geo-query';

/** A geocoded place in the card's fields; step 1's details (unit, floor…) stay as entered. */
export function fillAddress(card: WizardAddress, place: GeocodedAddress): WizardAddress {
  const zip = place.zip_code.trim();
  return {
    ...card,
    zip_code: zip,
    address: place.formated_address,
    formated_address: place.formated_address,
    street_number: place.street_number ?? '',
    route: place.route ?? '',
    city: place.city,
    state: place.state,
    state_code: place.state,
    // The wizard's wire value: 'USA' for the United States (spec §7 "Country is sent as USA").
    country: place.country,
    lat: place.lat,
    lng: place.lng,
    isEmpty: false,
    // Step 1 asks for the zip when geocoding gave none (spec §5 step 1).
    isZipEmpty: zip === '',
    isApproximate: place.approximate,
  };
}

/** spec §4 "Clearing an address empties its card": only its place in the list stays. */
export function clearAddress(card: WizardAddress, index: number): WizardAddress {
  return {
    ...emptyAddress(index),
    id: card.id,
    label: card.label,
    type: card.type,
    placeholder: card.placeholder,
  };
}

interface AddressListProps {
  /** 'Please enter the … address.' by address id, once Next was tried. */
  errors: Partial<Record<string, string>>;
  /**
   * A chosen suggestion is being looked up (+1) or is done, taken or not (-1): the card is
   * filled only once the place and its area check have answered.
   */
  onChoosing?: (change: 1 | -1) => void;
}

/**
 * spec/request-lifecycle.md §2 step 0: pick-up A, drop-off B and up to 6 addresses (labels A to
 * F, a distinct icon each), a plus control that adds one. §4: a new address is accepted only
 * when its zip passes the service-area check, else the area-not-found popup offers the
 * wait-list; §6 "Service-area check applies to non-direct requests only".
 */
export function AddressList({ errors, onChoosing }: AddressListProps) {
  const { draft, update, direct } = useWizard();
  const serviceArea = useServiceArea();
  // Where the focus goes once the list has re-rendered: a new card's field (a keyboard user types
  // its address at once), or the add control after a removal (the removed button is gone).
  const [focusRequest, setFocusRequest] = useState<{ target: 'add' | { id: string } } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = draft.addressList;

  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target === 'add') addButton.current?.focus();
    else document.getElementById(`address-field-${target.id}`)?.focus();
  }, [focusRequest]);

  const setCard = (id: string, change: (card: WizardAddress, index: number) => WizardAddress) =>
    update((current) => ({
      ...current,
      addressList: current.addressList.map((card, index) =>
        card.id === id ? change(card, index) : card,
      ),
    }));

  const choose = async (id: string, suggestion: PlaceSuggestion): Promise<string | null> => {
    onChoosing?.(1);
    try {
      return await lookUp(id, suggestion);
    } finally {
      onChoosing?.(-1);
    }
  };

  const lookUp = async (id: string, suggestion: PlaceSuggestion): Promise<string | null> => {
    let place: GeocodedAddress;
    try {
      place = (await geocodePlace(suggestion.place_id)).data.address;
    } catch {
      // The api client has shown the server's message.
      return null;
    }
    const zip = place.zip_code.trim();
    // Without a zip there is nothing to check; step 1 asks for it.
    if (zip !== '' && direct === null && !(await serviceArea.isServed(zip))) return null;
    setCard(id, (card) => fillAddress(card, place));
    return place.formated_address;
  };

  const add = () => {
    if (!canAddAddress(list)) return;
    const card = emptyAddress(list.length);
    update((current) =>
      canAddAddress(current.addressList)
        ? { ...current, addressList: relabelAddresses([...current.addressList, card]) }
        : current,
    );
    setFocusRequest({ target: { id: card.id } });
  };

  const remove = (id: string) => {
    update((current) => ({
      ...current,
      addressList: relabelAddresses(current.addressList.filter((card) => card.id !== id)),
    }));
    setFocusRequest({ target: 'add' });
  };

  return (
    <>
      <Box
        component="ol"
        aria-label="Addresses"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {list.map((card, index) => (
          <Box
            component="li"
            key={card.id}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1.5,
              p: 1.5,
              border: 1,
              borderColor: errors[card.id] ? 'error.main' : 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          >
            <Box sx={{ pt: 1.5 }}>
              <AddressBadge label={card.label} />
            </Box>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
                {card.type === 'pick-up' ? 'Pick-up' : 'Drop-off'}
              </Typography>
              <AddressField
                address={card}
                error={errors[card.id] ?? null}
                onChoose={(suggestion) => choose(card.id, suggestion)}
                onClear={() => setCard(card.id, clearAddress)}
              />
            </Box>
            {/* spec §2: A (pick-up) and B (drop-off) are required; only added ones go. */}
            {index >= 2 && (
              <IconButton
                aria-label={`Remove address ${card.label}`}
                onClick={() => remove(card.id)}
                sx={{ mt: 3.5 }}
              >
                <CloseIcon />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {canAddAddress(list) ? (
        <Button ref={addButton} startIcon={<AddIcon />} onClick={add} sx={{ mt: 1.5 }}>
          Add address
        </Button>
      ) : (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
          You can add up to {MAX_ADDRESSES} addresses.
        </Typography>
      )}
      {serviceArea.dialog}
    </>
  );
}
