import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * An error Alert whose code comes when an error first shows: pages render it only when a load
 * fails, so the first load (the 250 KB budget) does not carry it. Until it arrives, the same
 * words as plain text.
 */
export function ErrorAlert({
  children,
  action,
  sx,
}: {
  children: ReactNode;
  /** What the reader can do about it (Try again), at the alert's end. */
  action?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Suspense
      fallback={
        <Typography role="alert" color="error" sx={sx}>
          {children} {action}
        </Typography>
      }
    >
      <Alert severity="error" action={action} sx={sx}>
        {children}
      </Alert>
    </Suspense>
  );
}
