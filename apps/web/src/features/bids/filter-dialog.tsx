import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { PRICE_SORTS, type PriceSort } from '@movehub/shared';
import type { CompaniesFilter } from './bids-api';
import { FormDialog } from '../../ui/form-dialog';

const PRICE_LABELS: Record<PriceSort, string> = {
  '': 'None',
  min: 'Min price first',
  max: 'Max price first',
};

const TITLE_ID = 'companies-filter-title';
const MOVES_LABEL_ID = 'companies-filter-moves';

interface FilterDialogProps {
  /** The filter in force, or null for the unfiltered list. */
  current: CompaniesFilter | null;
  /** The slider's upper end: the most completed moves among the bidding companies. */
  maxCompletedMoves: number;
  onApply: (filter: CompaniesFilter) => void;
  onClear: () => void;
  onClose: () => void;
}

/**
 * spec/request-lifecycle.md §2 "Companies list": the filter modal with the completed-moves
 * slider, the price sort (none, min, max) and the Top rated checkbox. Mounted only while open,
 * so each opening starts from the filter in force.
 */
export function FilterDialog({
  current,
  maxCompletedMoves,
  onApply,
  onClear,
  onClose,
}: FilterDialogProps) {
  const upper = Math.max(maxCompletedMoves, current?.maxCompletedMoves ?? 0);
  const [moves, setMoves] = useState<[number, number]>([
    current?.minCompletedMoves ?? 0,
    current?.maxCompletedMoves ?? upper,
  ]);
  const [price, setPrice] = useState<PriceSort>(current?.price ?? '');
  const [topRated, setTopRated] = useState(current?.topRated ?? false);

  return (
    <FormDialog
      onClose={onClose}
      title="Filter"
      titleId={TITLE_ID}
      submitLabel="Apply"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ minCompletedMoves: moves[0], maxCompletedMoves: moves[1], price, topRated });
      }}
      secondaryAction={
        <Button onClick={onClear} sx={{ mr: 'auto' }}>
          Clear
        </Button>
      }
    >
      <Box>
        <Typography id={MOVES_LABEL_ID} gutterBottom>
          Completed moves: {moves[0]} – {moves[1]}
        </Typography>
        <Box sx={{ px: 1.5 }}>
          <Slider
            value={moves}
            min={0}
            max={upper}
            onChange={(_event, value) => {
              if (Array.isArray(value)) setMoves([value[0] ?? 0, value[1] ?? upper]);
            }}
            valueLabelDisplay="auto"
            disableSwap
            getAriaLabel={(index) =>
              index === 0 ? 'Minimum completed moves' : 'Maximum completed moves'
            }
          />
        </Box>
      </Box>
      <FormControl>
        <FormLabel id="companies-filter-price">Price</FormLabel>
        <RadioGroup
          aria-labelledby="companies-filter-price"
          name="price"
          value={price}
          onChange={(event) => setPrice(event.target.value as PriceSort)}
        >
          {PRICE_SORTS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={PRICE_LABELS[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControlLabel
        control={
          <Checkbox
            name="top_rated"
            checked={topRated}
            onChange={(event) => setTopRated(event.target.checked)}
          />
        }
        label="Top rated"
      />
    </FormDialog>
  );
}
