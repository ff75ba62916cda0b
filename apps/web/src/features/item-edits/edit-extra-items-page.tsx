import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { canEditRequestDetails, type CatalogueItem, type RequestDetail } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { ExtraItemsList } from '../../lib/items/extra-items-list';
import { mergeExtraItems } from '../../lib/items/item-factory';
import type { ItemEntry } from '../../lib/items/item-model';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestDetailPath } from '../../lib/request-paths';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { EditScreen } from './edit-screen';
import { extraItemsByGroupQueryOptions, itemEditsRequestQueryOptions } from './item-edits-api';
import { extraItemLines, toItemEntry } from './item-lines';
import { useEditExtraItems } from './use-item-edits';

export const EXTRA_ITEMS_TITLE = 'Edit Extra Items';

/**
 * /dashboard/my-requests/edit-extra-items/{requestId}, also at top level (spec/request-lifecycle.md
 * §2, §4 "Item editing", §5 "Save payloads"): the packing materials of the catalogue with the
 * request's ticked; ticking sets 1, unticking 0, and Update sends every one, zeros included.
 */
export function EditExtraItemsPage() {
  useDocumentTitle(EXTRA_ITEMS_TITLE);
  const { requestId = '' } = useParams();
  const id = Number(requestId);
  const detail = useQuery(itemEditsRequestQueryOptions(id));
  const catalogue = useQuery(extraItemsByGroupQueryOptions());

  let body;
  if (detail.isPending || (catalogue.isPending && !detail.isError)) {
    body = <PageLoader label="Loading extra items" />;
  } else if (detail.isError && !detail.data) {
    body = (
      <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
    );
  } else if (!canEditRequestDetails(detail.data.request)) {
    return <Navigate to={requestDetailPath(detail.data.request.id)} replace />;
  } else if (catalogue.isError || !catalogue.data) {
    body = (
      <LoadError message="We could not load the packing materials." onRetry={catalogue.refetch} />
    );
  } else {
    body = <ExtraItemsEditor detail={detail.data} catalogue={catalogue.data} />;
  }

  return (
    <EditScreen requestId={id} title={EXTRA_ITEMS_TITLE}>
      {body}
    </EditScreen>
  );
}

function ExtraItemsEditor({
  detail,
  catalogue,
}: {
  detail: RequestDetail;
  catalogue: CatalogueItem[];
}) {
  const request = detail.request;
  const [loaded] = useState<ItemEntry[]>(() =>
    mergeExtraItems(catalogue, detail.extra_request_items.map(toItemEntry)),
  );
  const [rows, setRows] = useState<ItemEntry[]>(loaded);
  // Nothing ticked or unticked, nothing to send: an update tells the company and, once paid,
  // asks it for a price.
  const changed = rows.some(
    (row, index) =>
      row.value !== loaded[index]?.value || row.isSelected !== loaded[index]?.isSelected,
  );
  const navigate = useNavigate();
  const save = useEditExtraItems(request);
  const send = (lines: Parameters<typeof save.mutate>[0]) =>
    save.mutate(lines, { onSuccess: () => navigate(requestDetailPath(request.id)) });

  if (rows.length === 0) {
    return <Typography color="text.secondary">No packing materials are offered.</Typography>;
  }
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <ExtraItemsList
          rows={rows}
          onRowChange={(id, patch) =>
            setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)))
          }
        />
      </Paper>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          size="large"
          disabled={save.isPending || !changed}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : null}
          onClick={() => send(extraItemLines(rows))}
        >
          Update
        </Button>
      </Box>
    </>
  );
}
