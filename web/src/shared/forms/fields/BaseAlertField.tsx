import { isAllowedLinkUrl } from '@fleetport/contracts/patterns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { BaseAlertField as BaseAlertSchema } from '../field-schema.ts';

/**
 * BaseAlert (spec §3): an information or warning block inside the form, its text the field's
 * label (and hint), with an optional link (`href`, `linkText`). Only links the sanitizer of
 * spec §9 keeps are shown; one leaving the console opens in a new tab.
 */
export function BaseAlertField({ field }: { field: BaseAlertSchema }) {
  const href = field.href && isAllowedLinkUrl(field.href) ? field.href : undefined;
  const external = href !== undefined && !href.startsWith('/');
  return (
    <Alert severity={field.severity ?? 'info'} data-testid={`alert-${field.key}`}>
      {field.label}
      {field.hint && <Box>{field.hint}</Box>}
      {href && (
        <Box>
          <Link href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {field.linkText ?? href}
          </Link>
        </Box>
      )}
    </Alert>
  );
}
