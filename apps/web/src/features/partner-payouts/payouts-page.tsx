import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  payoutsQuerySchema,
  toSpecDate,
  type PayoutsQuery,
  type PayoutTotals,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { dollars } from '../../lib/format-money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';
import { PageLoader } from '../../ui/page-loader';
import { downloadPayoutsCsv, payoutsQueryOptions } from './payouts-api';

export const NO_PAYOUTS_MESSAGE =
  'No payouts yet. A job appears here once its customer has paid into escrow.';
export const NO_PAYOUTS_IN_RANGE_MESSAGE =
  'No job with money moved has its move date in these dates.';

/** The amounts, in the table's and the totals' order. */
const AMOUNTS = [
  ['paid_in', 'Paid into escrow'],
  ['held', 'Held in escrow'],
  ['released', 'Released'],
  ['refunded', 'Refunded'],
  ['tips', 'Tips'],
  ['net', 'Net to company'],
] as const satisfies readonly (readonly [keyof PayoutTotals, string])[];

/** The totals as a definition list: readable at any width, before the table. */
function Totals({ totals }: { totals: PayoutTotals }) {
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, 1fr)',
          md: 'repeat(6, 1fr)',
        },
        gap: 2,
        m: 0,
        mb: 3,
      }}
    >
      {AMOUNTS.map(([field, label]) => (
        <Paper key={field} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: field === 'net' ? 700 : 500 }}>
            {dollars(totals[field])}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * /partner/payouts (per job, held in escrow, released, refunded, tips, from
 * the ledger, with a CSV export). The move-date range is in the address (?from=…&to=…), so a
 * reload keeps it; the table scrolls inside its card on a phone, never the page.
 */
export function PayoutsPage() {
  useDocumentTitle('Payouts');
  const [params, setParams] = useSearchParams();
  const fromIso = params.get('from') ?? '';
  const toIso = params.get('to') ?? '';
  const wire: PayoutsQuery = {
    ...(fromIso ? { from: toSpecDate(fromIso) } : {}),
    ...(toIso ? { to: toSpecDate(toIso) } : {}),
  };
  // The API's own schema judges the range, so the screen says what the server would.
  const checked = payoutsQuerySchema.safeParse(wire);
  const rangeError = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const range = checked.success ? wire : {};
  const query = useInfiniteQuery({ ...payoutsQueryOptions(range), enabled: checked.success });
  const [downloading, setDownloading] = useState(false);

  // The dates asked for and not yet rendered: a second date typed before the router has drawn
  // the first builds on it, instead of on this render's params without it.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const replaceParams = (next: URLSearchParams) => {
    pending.current = next;
    setParams(next, { replace: true });
  };
  const setDate = (name: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(pending.current ?? params);
    if (value) next.set(name, value);
    else next.delete(name);
    replaceParams(next);
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPayoutsCsv(range);
    } catch {
      // downloadFile has shown the server's message in the toast.
    } finally {
      setDownloading(false);
    }
  };

  const filtered = Boolean(fromIso || toIso);
  // The totals are the whole range's on every page: the first page's are the ones shown.
  const totals = query.data?.pages[0]?.data.totals;
  const jobs = query.data?.pages.flatMap((page) => page.data.jobs) ?? [];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Payouts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What each job&apos;s money did, from the payment ledger: paid into escrow by the customer,
        still held, released to you when the customer confirmed the move, refunded, and tips.
      </Typography>

      <Stack
        component="form"
        aria-label="Move dates"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          id="payouts-from"
          name="from"
          type="date"
          label="Move date from"
          value={fromIso}
          onChange={(event) => setDate('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="payouts-to"
          name="to"
          type="date"
          label="Move date to"
          value={toIso}
          onChange={(event) => setDate('to', event.target.value)}
          error={Boolean(rangeError)}
          helperText={rangeError ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {filtered && (
          <Button
            onClick={() => replaceParams(new URLSearchParams())}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Clear dates
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          disabled={downloading || Boolean(rangeError)}
          onClick={() => void download()}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' } }}
          startIcon={
            downloading ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
          }
        >
          Download CSV
        </Button>
      </Stack>

      {rangeError ? null : query.isPending || query.isPlaceholderData ? (
        <PageLoader label="Loading payouts" />
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
      ) : !totals || jobs.length === 0 ? (
        <Alert severity="info">{filtered ? NO_PAYOUTS_IN_RANGE_MESSAGE : NO_PAYOUTS_MESSAGE}</Alert>
      ) : (
        <>
          <Totals totals={totals} />
          <Paper variant="outlined">
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label="Payouts per job"
              sx={{ overflowX: 'auto' }}
            >
              <Table size="small" sx={{ minWidth: 880 }}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      Request
                    </TableCell>
                    <TableCell component="th" scope="col">
                      Move date
                    </TableCell>
                    <TableCell component="th" scope="col">
                      Customer
                    </TableCell>
                    {AMOUNTS.map(([field, label]) => (
                      <TableCell key={field} component="th" scope="col" align="right">
                        {label}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {jobs.map((job) => (
                    <TableRow key={job.request_id}>
                      <TableCell component="th" scope="row">
                        #{job.request_id}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(job.s_date)}</TableCell>
                      <TableCell>{job.customer_name}</TableCell>
                      {AMOUNTS.map(([field]) => (
                        <TableCell
                          key={field}
                          align="right"
                          sx={{
                            whiteSpace: 'nowrap',
                            fontWeight: field === 'net' ? 600 : undefined,
                          }}
                        >
                          {dollars(job[field])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell component="th" scope="row" colSpan={3}>
                      Total
                    </TableCell>
                    {AMOUNTS.map(([field]) => (
                      <TableCell key={field} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {dollars(totals[field])}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
          <LoadMore query={query} errorMessage="The older payouts could not be loaded." />
        </>
      )}
    </Box>
  );
}
