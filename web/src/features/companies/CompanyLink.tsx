import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** A company's name linking to its page (a grid cell: it comes with the grid). */
export function CompanyLink({ id, name }: { id: number; name: string }) {
  return (
    <Link component={RouterLink} to={`/companies/${id}`} data-testid={`company-link-${id}`}>
      {name}
    </Link>
  );
}
