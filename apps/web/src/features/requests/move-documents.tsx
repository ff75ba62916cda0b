import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd, toCents, type ReceiptEntry, type RequestDetail } from '@movehub/shared';
import { downloadFile } from '../../lib/download-file';
import { formatDate } from '../../lib/format-date';

const RECEIPT_TITLES: Record<ReceiptEntry['kind'], string> = {
  payment: 'Payment receipt',
  tip: 'Tip receipt',
  refund: 'Refund receipt',
};

/**
 * The receipt's line in the list: its kind and number (the customer's own, over all their
 * requests: decision 041), amount and date, as the PDF's title says it.
 */
export function receiptLabel(receipt: ReceiptEntry): string {
  return `${RECEIPT_TITLES[receipt.kind]} No. ${receipt.number} · ${formatUsd(toCents(receipt.amount))} · ${formatDate(receipt.created_at)}`;
}

export const calendarPath = (requestId: number) =>
  `/api/customer/request_calendar?request_id=${requestId}`;
export const receiptPath = (requestId: number, receiptId: number) =>
  `/api/customer/request_receipt?request_id=${requestId}&receipt_id=${receiptId}`;

/**
 * Ours: the move's documents on the request detail: 'Add to calendar' (the
 * .ics invite) once the move is paid, and the 'Receipts' list (a PDF each). Downloads go through
 * the api with the session header, never a link carrying the token.
 */
export function MoveDocuments({ detail }: { detail: RequestDetail }) {
  const requestId = detail.request.id;
  const [busy, setBusy] = useState<string | null>(null);
  if (!detail.calendar_available && detail.receipts.length === 0) return null;

  const download = async (key: string, path: string, filename: string) => {
    if (busy) return;
    setBusy(key);
    try {
      await downloadFile(path, filename);
    } catch {
      // downloadFile showed the reason.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper component="section" aria-labelledby="move-documents-heading" sx={{ p: 2 }}>
      <Typography id="move-documents-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Your documents
      </Typography>
      {detail.calendar_available && (
        <Box sx={{ mb: 1 }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            disabled={busy !== null}
            onClick={() =>
              void download('calendar', calendarPath(requestId), `move-${requestId}.ics`)
            }
          >
            Add to calendar
          </Link>
        </Box>
      )}
      {detail.receipts.length > 0 && (
        <Box component="section" aria-labelledby="receipts-heading">
          <Typography id="receipts-heading" variant="subtitle1" component="h3">
            Receipts
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {detail.receipts.map((receipt) => (
              <li key={receipt.receipt_id}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  disabled={busy !== null}
                  onClick={() =>
                    void download(
                      `receipt-${receipt.receipt_id}`,
                      receiptPath(requestId, receipt.receipt_id),
                      `receipt-${receipt.number}.pdf`,
                    )
                  }
                >
                  {receiptLabel(receipt)}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
