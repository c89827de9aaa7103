import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

export interface RowAction {
  /** The button's name (and tooltip): 'Edit company'. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** A row's action buttons (a grid's Actions column, a page's header): named icon buttons. */
export function RowActions({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={label}>
      {actions.map((action) => (
        <IconButton
          key={action.label}
          size="small"
          aria-label={action.label}
          title={action.label}
          onClick={action.onClick}
        >
          {action.icon}
        </IconButton>
      ))}
    </Stack>
  );
}
