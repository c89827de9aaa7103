import type { Tag } from '@fleetport/contracts/tags';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { TagChip } from './TagChip.tsx';

/** A tag's chip linking to its page (a grid cell: it comes with the grid). */
export function TagLink({ tag }: { tag: Tag }) {
  return (
    <Link component={RouterLink} to={`/tag/${tag.id}`} underline="none" aria-label={tag.name}>
      <TagChip tag={tag} />
    </Link>
  );
}
