import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  canOpenCompaniesList,
  discountedCents,
  formatUsd,
  MSG,
  toCents,
  type BiddingCompany,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MY_REQUESTS_PATH, requestDetailPath } from '../../lib/request-paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';
import { PageLoader } from '../../ui/page-loader';
import { bidedCompaniesQueryOptions, type CompaniesFilter } from './bids-api';
import { CompanyCard } from './company-card';
import { FilterDialog } from './filter-dialog';
import { REVIEW_PROFILE_PATH, reviewProfileStateOf } from './review-profile-state';
import { useAcceptBid, useDeleteBid } from './use-bid-mutations';

/** The slider's range grows in steps of this many moves, and is never shorter. */
const MOVES_STEP = 50;

/** /dashboard/my-requests/companies-list/{requestId} (spec/request-lifecycle.md §2). */
export function CompaniesListPage() {
  useDocumentTitle('Bidding Companies');
  const { requestId = '' } = useParams();
  const id = Number(requestId);
  if (!/^\d+$/.test(requestId) || !Number.isSafeInteger(id) || id < 1) {
    return <Navigate to={MY_REQUESTS_PATH} replace />;
  }
  // Keyed: another request's list starts with its own filter and dialogs.
  return <CompaniesList key={id} requestId={id} />;
}

function CompaniesList({ requestId }: { requestId: number }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<CompaniesFilter | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const [toDelete, setToDelete] = useState<BiddingCompany | null>(null);
  const [toAccept, setToAccept] = useState<BiddingCompany | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [mostMoves, setMostMoves] = useState(0);

  const remove = useDeleteBid();
  const accept = useAcceptBid({ leave: () => navigate(requestDetailPath(requestId)) });
  // A refusal closes its dialog and shows above the list.
  const refused = (error: Error) => setActionError(errorMessage(error));

  const accepting = accept.isPending || accept.isSuccess;
  const companies = useInfiniteQuery(
    bidedCompaniesQueryOptions(requestId, filter, { refresh: !accepting && !remove.isPending }),
  );
  // The first page carries the request; each page a slice of the list in the chosen order.
  const data = companies.data?.pages[0];
  const list = loadedCompanies(companies.data?.pages ?? []);

  // The slider spans the most completed moves seen on this screen (a filtered list is shorter).
  const dataMost = Math.max(0, ...list.map((c) => c.completed_moves));
  if (dataMost > mostMoves) setMostMoves(dataMost);
  const sliderMax = Math.max(MOVES_STEP, Math.ceil(mostMoves / MOVES_STEP) * MOVES_STEP);

  if (data && !accepting && !canOpenCompaniesList(data.request.request_timeline_status)) {
    // spec §4: "companies-list redirects to the list unless status is 1".
    return <Navigate to={MY_REQUESTS_PATH} replace />;
  }

  const discount = data?.request.discount ?? 0;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to={requestDetailPath(requestId)}
        startIcon={<ArrowBackIcon aria-hidden />}
        sx={{ mb: 1 }}
      >
        Back to request
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Bidding Companies
          </Typography>
          <Typography color="text.secondary">Request #{requestId}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {filter && (
            <Chip label="Filter applied" onDelete={() => setFilter(null)} color="primary" />
          )}
          <Button
            variant="outlined"
            startIcon={<FilterListIcon aria-hidden />}
            onClick={() => setFilterOpen(true)}
            disabled={!data}
          >
            Filter
          </Button>
        </Stack>
      </Stack>

      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)} sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      )}

      {companies.isPending ? (
        <PageLoader label="Loading bidding companies" />
      ) : !data ? (
        <LoadError message={errorMessage(companies.error)} onRetry={companies.refetch} />
      ) : (
        <>
          {companies.isError && (
            // A refresh failed: the last list stays, the server's message says why.
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(companies.error)}
            </Alert>
          )}
          {list.length === 0 ? (
            <Typography variant="h6" component="p" sx={{ textAlign: 'center', py: 6 }}>
              {MSG.noBids}
            </Typography>
          ) : (
            <Stack component="ul" spacing={2} aria-label="Bidding companies" sx={{ p: 0, m: 0 }}>
              {list.map((company) => (
                <CompanyCard
                  key={company.company_id}
                  company={company}
                  disabled={accepting || remove.isPending}
                  onOpenProfile={() =>
                    void navigate(REVIEW_PROFILE_PATH, { state: reviewProfileStateOf(company) })
                  }
                  onDelete={() => setToDelete(company)}
                  onAccept={() => setToAccept(company)}
                />
              ))}
            </Stack>
          )}
          <LoadMore
            query={companies}
            label="Show more companies"
            errorMessage="More bidding companies could not be loaded."
          />
        </>
      )}

      {filterOpen && (
        <FilterDialog
          current={filter}
          maxCompletedMoves={sliderMax}
          onApply={(next) => {
            setFilter(next);
            setFilterOpen(false);
          }}
          onClear={() => {
            setFilter(null);
            setFilterOpen(false);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        titleId="delete-bid-title"
        messageId="delete-bid-message"
        title="Delete Bid"
        message={toDelete ? `Are you sure you want to delete the bid of ${toDelete.name}?` : ''}
        confirmColor="error"
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          setActionError(null);
          remove.mutate(
            { request_id: requestId, company_id: toDelete.company_id },
            { onSettled: () => setToDelete(null), onError: refused },
          );
        }}
      />

      <ConfirmDialog
        open={toAccept !== null}
        titleId="accept-bid-title"
        messageId="accept-bid-message"
        title="Accept Bid"
        message={toAccept ? <AcceptMessage company={toAccept} discount={discount} /> : ''}
        confirmLabel="Accept"
        cancelLabel="Cancel"
        pending={accepting}
        onClose={() => setToAccept(null)}
        onConfirm={() => {
          if (!toAccept) return;
          setActionError(null);
          accept.mutate(
            {
              request_id: requestId,
              company_id: toAccept.company_id,
              final_amount: toAccept.bid.bid_amount,
            },
            {
              onError: (error) => {
                setToAccept(null);
                refused(error);
              },
            },
          );
        }}
      />
    </Box>
  );
}

/**
 * The companies of the loaded pages, each once: a bid changed between two pages' reads (a new
 * price, a new rating) can move its company across the page edge, and the first place shown wins.
 */
function loadedCompanies(pages: readonly { data: BiddingCompany[] }[]): BiddingCompany[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.data)
    .filter((company) => !seen.has(company.company_id) && Boolean(seen.add(company.company_id)));
}

/** The price the customer agrees to, and with a discount (spec §9) what they will pay. */
function AcceptMessage({ company, discount }: { company: BiddingCompany; discount: number }) {
  const cents = toCents(company.bid.bid_amount);
  return (
    <>
      Accept the bid of {company.name} for <strong>{formatUsd(cents)}</strong>?
      {discount > 0 && (
        <>
          {' '}
          With your {discount}% discount the discounted price is{' '}
          <strong>{formatUsd(discountedCents(cents, discount))}</strong>.
        </>
      )}
    </>
  );
}
