import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  flightsLabel,
  formatUsd,
  generateDirectRequestBodySchema,
  generateRequestBodySchema,
  itemSizeLabel,
  moveTimeText,
  MOVERS_OPTIONS,
  toCents,
  type GenerateRequestBody,
} from '@movehub/shared';
import { errorMessage, UNEXPECTED_RESPONSE_MESSAGE } from '../../../lib/api-client';
import { formatDate, formatMoveTime } from '../../../lib/format-date';
import { dollars } from '../../../lib/format-money';
import { newIdempotencyKey } from '../../../lib/saved-request';
import { useAuthToken } from '../../../lib/storage';
import { savedCardsQueryOptions } from '../../../lib/card-form/cards-api';
import { ItemList, type ListedItem } from '../../../ui/item-list';
import { Section } from '../../../ui/section';
import {
  buildDirectRequestPayload,
  buildEstimateBody,
  buildRequestPayload,
  chosenExtraItems,
  chosenItems,
  effectiveMovers,
} from './build-payload';
import { ContactFields, contactSchema, type ContactValues } from './contact-fields';
import {
  AddItemsOption,
  Screen,
  type WizardAddress,
  type WizardDraft,
  type WizardItem,
} from '../draft';
import { screenForOption } from '../flow';
import { GetMovingDialog } from './get-moving-dialog';
import { useSubmitRequest } from '../api/use-wizard-mutations';
import { estimateQueryOptions } from '../api/wizard-api';
import { useWizard } from '../wizard-context';
import { textArea } from '../../../ui/text-area';

/** Ours: spec §5 only says the field is marked red; the helper text says what is missing. */
export const PRICE_MESSAGE = 'Please enter your price.';

/** The form's fields under the create-request payload's names (spec §7), the inputs' names. */
interface SummaryValues extends ContactValues {
  final_comment: string;
  /** '2', '3' or '4' (a native select's value). */
  movers: string;
  customer_budget: string;
}

/** Where each field is kept in the draft (spec §3 requestKeyValue); movers is a number there. */
const DRAFT_FIELD = {
  final_comment: 'comments',
  customer_budget: 'customer_price',
  first_name: 'customer_first_name',
  last_name: 'customer_last_name',
  email: 'customer_email',
  customer_phone_number: 'customer_phone_number',
} as const satisfies Record<Exclude<keyof SummaryValues, 'movers'>, string>;

/** spec §5 "Step 7 normal mode": a price of at least 1 (dollars, up to two decimals). */
const priceSchema = z
  .string()
  .trim()
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= 1, PRICE_MESSAGE);

const base = { final_comment: z.string(), movers: z.string() };
const looseContact = {
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  customer_phone_number: z.string(),
};
const normalSchema = z.object({ ...base, ...looseContact, customer_budget: priceSchema });
const directSchema = contactSchema.extend({ ...base, customer_budget: z.string() });

/** Digits and one decimal point with at most two decimals, as the price field is typed. */
function sanitizePrice(typed: string): string {
  const cleaned = typed.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0
    ? whole.slice(0, 7)
    : `${whole.slice(0, 7)}.${rest.join('').slice(0, 2)}`;
}

/** The form's values written into the draft (the payload is built from the draft). */
function withValues(draft: WizardDraft, values: Partial<SummaryValues>): WizardDraft {
  const requestKeyValue = { ...draft.requestKeyValue };
  for (const [field, key] of Object.entries(DRAFT_FIELD)) {
    const value = values[field as keyof typeof DRAFT_FIELD];
    if (value !== undefined) requestKeyValue[key] = value;
  }
  if (values.movers !== undefined) requestKeyValue.movers = Number(values.movers);
  return { ...draft, requestKeyValue };
}

/**
 * Step 7, 'Confirm request details' (spec/request-lifecycle.md §2 step 7, §4, §5, §7): the
 * summary with its Edit links, comments, movers, the estimate (recalculated when movers
 * changes), the customer's price (normal mode) or contact fields (direct-link mode), and
 * 'Request Move'. A visitor gets the 'Get moving' popup with the request saved for after login
 * or sign-up.
 */
export function StepSummary() {
  const { draft, update, goTo, goBack, clear, direct, setCreatedAccessLink } = useWizard();
  const token = useAuthToken();
  const [problem, setProblem] = useState<string | null>(null);
  const [savedRequest, setSavedRequest] = useState<GenerateRequestBody | null>(null);
  const sending = useRef(false);

  const form = useForm<SummaryValues>({
    resolver: zodResolver(direct ? directSchema : normalSchema),
    defaultValues: {
      final_comment: draft.requestKeyValue.comments,
      movers: String(effectiveMovers(draft)),
      customer_budget: draft.requestKeyValue.customer_price,
      first_name: draft.requestKeyValue.customer_first_name,
      last_name: draft.requestKeyValue.customer_last_name,
      email: draft.requestKeyValue.customer_email,
      customer_phone_number: draft.requestKeyValue.customer_phone_number,
    },
  });
  const { register, control, handleSubmit, subscribe } = form;

  // Every field is kept in the draft as it is typed (spec §4: saved on every change); only the
  // field that changed, so an untouched movers select keeps following the move size.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (!name || !(name in values)) return;
          const field = name as keyof SummaryValues;
          update((current) => withValues(current, { [field]: values[field] }));
        },
      }),
    [subscribe, update],
  );

  // spec §4: "The estimated price is recalculated when movers changes" (the key is the body).
  const estimateBody = buildEstimateBody(draft);
  const canEstimate = draft.moveType !== null && estimateBody.address_array.length >= 2;
  const estimate = useQuery({
    ...estimateQueryOptions(estimateBody),
    enabled: canEstimate,
    placeholderData: keepPreviousData,
  });
  const range = estimate.data?.data;
  const estimateText = range
    ? `${range.Estimated_Price_Start} - ${range.Estimated_Price_End}`
    : null;
  useEffect(() => {
    if (estimateText === null) return;
    update((current) =>
      current.requestKeyValue.estimated_price === estimateText
        ? current
        : {
            ...current,
            requestKeyValue: { ...current.requestKeyValue, estimated_price: estimateText },
          },
    );
  }, [estimateText, update]);

  const submit = useSubmitRequest(direct);
  // spec §8: a failed submit shows the server message as a banner on this screen.
  const banner = problem ?? (submit.isError ? errorMessage(submit.error) : null);

  const onValid = (values: SummaryValues) => {
    if (sending.current) return;
    setProblem(null);
    const toSend = withValues(draft, values);
    const payload = direct
      ? buildDirectRequestPayload(toSend, direct.link)
      : buildRequestPayload(toSend);
    // The server's own checks, run first, so a draft missing a step is named before a call.
    const check = (direct ? generateDirectRequestBodySchema : generateRequestBodySchema).safeParse(
      payload,
    );
    if (!check.success) {
      setProblem(check.error.issues[0]?.message ?? UNEXPECTED_RESPONSE_MESSAGE);
      return;
    }
    if (!direct && !token) {
      // spec §2 step 7: a visitor logs in or signs up first; the request waits for them.
      setSavedRequest(payload as GenerateRequestBody);
      return;
    }
    // One submit, one key, kept with the draft: a retry of the same body after a failure or a
    // reload sends the same key and gets the first answer instead of a second request.
    const body = JSON.stringify(payload);
    const key = draft.submission?.body === body ? draft.submission.key : newIdempotencyKey();
    update((current) => ({ ...current, submission: { key, body } }));
    sending.current = true;
    submit.mutate(
      { toSend, key },
      {
        onSuccess: (response) => {
          if (direct) setCreatedAccessLink(response.data.Request_ID.public_access_link);
          // spec §4: the draft is cleared after a successful submit.
          clear();
          goTo(Screen.congratulations);
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const busy = submit.isPending || submit.isSuccess;
  const { ref: commentsRef, ...comments } = register('final_comment');
  const { ref: moversRef, ...movers } = register('movers');

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        aria-labelledby="summary-title"
        aria-busy={busy}
      >
        <Stack spacing={3}>
          <Typography id="summary-title" variant="h4" component="h1">
            Confirm request details
          </Typography>

          {banner && <Alert severity="error">{banner}</Alert>}

          <DateSection draft={draft} onEdit={() => goTo(Screen.map)} />
          <AddressesSection
            draft={draft}
            onEditAddresses={() => goTo(Screen.map)}
            onEditDetails={() => goTo(Screen.details)}
          />
          <ItemsSection
            draft={draft}
            onEdit={() =>
              goTo(
                draft.addItemsOptionType === null
                  ? Screen.itemsOption
                  : screenForOption(draft.addItemsOptionType),
              )
            }
          />
          <ExtraItemsSection draft={draft} onAdd={() => goTo(Screen.extraItems)} />
          {direct ? (
            <DirectPaymentSection company={direct.profile.name} />
          ) : (
            <CardSection signedIn={token !== null} onOpen={() => goTo(Screen.card)} />
          )}

          <Section title="Your request" id="summary-request">
            <Stack spacing={2.5}>
              <TextField
                {...comments}
                inputRef={commentsRef}
                id="summary-final_comment"
                label="Comments"
                {...textArea(3)}
                fullWidth
              />
              <TextField
                {...movers}
                inputRef={moversRef}
                id="summary-movers"
                select
                label="Movers"
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {MOVERS_OPTIONS.map((option) => (
                  <option key={option} value={String(option)}>
                    {option}
                  </option>
                ))}
              </TextField>

              <Box role="status" aria-live="polite">
                <Typography sx={{ fontWeight: 600 }}>
                  {range
                    ? // The estimate's bounds are whole dollars: '$1,234'.
                      `Estimated price: ${dollars(range.Estimated_Price_Start, { trimZeroCents: true })} - ${dollars(range.Estimated_Price_End, { trimZeroCents: true })}`
                    : estimate.isFetching
                      ? 'Estimated price: calculating…'
                      : estimate.isError
                        ? 'Estimated price: not available right now.'
                        : null}
                </Typography>
              </Box>

              {direct ? (
                <ContactFields />
              ) : (
                <Controller
                  name="customer_budget"
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(sanitizePrice(event.target.value))}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      id="summary-customer_budget"
                      label="Your Price"
                      required
                      fullWidth
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      slotProps={{
                        input: {
                          startAdornment: <InputAdornment position="start">$</InputAdornment>,
                        },
                        htmlInput: { inputMode: 'decimal' },
                      }}
                    />
                  )}
                />
              )}
            </Stack>
          </Section>

          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Button variant="outlined" onClick={goBack} disabled={busy}>
              Prev
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              startIcon={
                busy ? <CircularProgress aria-hidden size={20} color="inherit" /> : undefined
              }
            >
              Request Move
            </Button>
          </Stack>
        </Stack>
      </Box>
      <GetMovingDialog
        open={savedRequest !== null}
        onClose={() => setSavedRequest(null)}
        savedRequest={savedRequest}
      />
    </FormProvider>
  );
}

// --- the summary's sections ----------------------------------------------------------------------

/**
 * 'Edit', or 'Edit {what}' where a section has more than one: two buttons that both read
 * 'Edit' do not say which part each one opens. The accessible name always says what is edited.
 */
function EditButton({
  what,
  onClick,
  showWhat = false,
}: {
  what: string;
  onClick: () => void;
  showWhat?: boolean;
}) {
  return (
    <Button
      size="small"
      startIcon={<EditOutlinedIcon aria-hidden />}
      onClick={onClick}
      aria-label={showWhat ? undefined : `Edit ${what}`}
    >
      {showWhat ? `Edit ${what}` : 'Edit'}
    </Button>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function DateSection({ draft, onEdit }: { draft: WizardDraft; onEdit: () => void }) {
  const { start_window_from: from, start_window_to: to } = draft.timeRange;
  const time = from && to ? formatMoveTime({ s_time: moveTimeText({ from, to }) }) : '';
  return (
    <Section
      title="Move date and time"
      id="summary-date"
      action={<EditButton what="date and time" onClick={onEdit} />}
    >
      <Detail label="Move Date" value={formatDate(draft.date) || 'Not chosen'} />
      <Detail label="Move Time" value={time || 'Not chosen'} />
    </Section>
  );
}

function AddressesSection({
  draft,
  onEditAddresses,
  onEditDetails,
}: {
  draft: WizardDraft;
  onEditAddresses: () => void;
  onEditDetails: () => void;
}) {
  const addresses = draft.addressList.filter((address) => !address.isEmpty);
  return (
    <Section
      title="Addresses"
      id="summary-addresses"
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <EditButton what="addresses" showWhat onClick={onEditAddresses} />
          <EditButton what="move details" showWhat onClick={onEditDetails} />
        </Stack>
      }
    >
      <Detail label="Move Size" value={draft.moveType?.name ?? 'Not chosen'} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        {addresses.map((address) => (
          <AddressSummary key={address.id} address={address} />
        ))}
      </Stack>
    </Section>
  );
}

function AddressSummary({ address }: { address: WizardAddress }) {
  const stairs = address.liftType === 'stairs';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Avatar
        aria-hidden
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 32, height: 32 }}
      >
        {address.label}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {`${address.label}: ${address.address || address.placeholder}`}
        </Typography>
        <Detail label="Zip code" value={address.zip_code || 'N/A'} />
        {address.unitNumber && <Detail label="Unit number" value={address.unitNumber} />}
        {address.addressDetails && (
          <Detail label="Address details" value={address.addressDetails} />
        )}
        <Detail label="Storage" value={yesNo(address.isStorage)} />
        <Detail label="Lift type" value={stairs ? 'Stairs' : 'Elevator'} />
        {stairs && <Detail label="Flights" value={flightsLabel(address.flights)} />}
        <Detail label="Hardwood floor" value={yesNo(address.isHardwoodFloor)} />
        {address.parkingInfo && (
          <Detail label="Parking and building info" value={address.parkingInfo} />
        )}
      </Box>
    </Stack>
  );
}

/** A chosen item as the summary lists it, with the customer's comments under it. */
const listed = (items: WizardItem[]): ListedItem[] =>
  items.map((item) => ({
    key: item.item_id,
    name: item.name,
    line: itemLine(item),
    details: item.comments,
  }));

function itemLine(item: WizardItem): string {
  const size = itemSizeLabel(item.size);
  return `${item.name}${size ? ` (${size})` : ''} × ${item.value}`;
}

function ItemsSection({ draft, onEdit }: { draft: WizardDraft; onEdit: () => void }) {
  const chosen = chosenItems(draft).map(({ item }) => item);
  const byRoom = draft.addItemsOptionType === AddItemsOption.byRoom;
  return (
    <Section title="Items" id="summary-items" action={<EditButton what="items" onClick={onEdit} />}>
      {byRoom ? (
        draft.rooms.length === 0 ? (
          <Typography color="text.secondary">No rooms added</Typography>
        ) : (
          <Stack spacing={1.5}>
            {draft.rooms.map((room) => (
              <Box key={room.room_id}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {room.room_name}
                </Typography>
                <ItemList
                  label={`${room.room_name} items`}
                  items={listed(room.itemList.filter((item) => chosen.includes(item)))}
                  empty="No items added"
                />
              </Box>
            ))}
          </Stack>
        )
      ) : (
        <ItemList label="Common List items" items={listed(chosen)} empty="No items added" />
      )}
    </Section>
  );
}

function ExtraItemsSection({ draft, onAdd }: { draft: WizardDraft; onAdd: () => void }) {
  const extras = chosenExtraItems(draft);
  return (
    <Section
      title="Packing materials"
      id="summary-extra-items"
      action={
        <Button size="small" onClick={onAdd}>
          Add packing materials
        </Button>
      }
    >
      {extras.length === 0 ? (
        <Typography color="text.secondary">No packing materials added</Typography>
      ) : (
        <Box component="ul" aria-label="Packing materials" sx={{ m: 0, pl: 2.5 }}>
          {extras.map((item) => (
            <li key={item.item_id}>
              <Typography variant="body2">
                {`${item.name} × ${item.value} (${formatUsd(toCents(item.unit_price * item.value))})`}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

/**
 * Direct-link mode: the customer has no account here and never logs in; a direct request is
 * paid to the company by cash or card once it is confirmed (spec/request-lifecycle.md "Requests
 * with request_type set … a cash or card payment method"), so no card is asked for now.
 */
function DirectPaymentSection({ company }: { company: string }) {
  return (
    <Section title="Payment" id="summary-payment">
      <Typography color="text.secondary">
        {`You pay ${company} by cash or card once they confirm your move. No card is needed now.`}
      </Typography>
    </Section>
  );
}

/**
 * The customer's card (checking_card_exist, as My Cards), asked only with a token; a visitor
 * reaches step 6 too, which says the card is added once there is an account.
 */
function CardSection({ signedIn, onOpen }: { signedIn: boolean; onOpen: () => void }) {
  const cards = useQuery({ ...savedCardsQueryOptions(), enabled: signedIn });
  const card = signedIn ? cards.data?.[0] : undefined;
  return (
    <Section
      title="Card"
      id="summary-card"
      action={
        <Button size="small" onClick={onOpen}>
          {card ? 'View card' : 'Add card'}
        </Button>
      }
    >
      <Typography color={card ? 'text.primary' : 'text.secondary'}>
        {!signedIn
          ? 'Added after you log in'
          : cards.isPending
            ? 'Loading your card…'
            : card
              ? `Card ending in ${card.last4}`
              : 'No card saved'}
      </Typography>
    </Section>
  );
}
