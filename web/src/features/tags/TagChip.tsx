import { readableTextOn } from '@fleetport/contracts/colour';
import type { Tag } from '@fleetport/contracts/tags';
import Chip from '@mui/material/Chip';

/** A tag as users see it on devices: its name on its colour (text in a readable shade). */
export function TagChip({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <Chip
      size="small"
      label={tag.name}
      variant={tag.color ? 'filled' : 'outlined'}
      sx={tag.color ? { bgcolor: tag.color, color: readableTextOn(tag.color) } : undefined}
    />
  );
}
