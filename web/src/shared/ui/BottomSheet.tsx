import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

const PAPER_SX = { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } as const;

/**
 * A sheet from the bottom of a phone's screen (issue 28: a row's detail, the devices filters): a
 * dialog named by its heading, closed by Escape, a press outside or its own button.
 */
export function BottomSheet({
  labelledBy,
  onClose,
  testId,
  children,
}: {
  /** The id of the sheet's heading. */
  labelledBy: string;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="bottom"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': labelledBy, sx: PAPER_SX } }}
      data-testid={testId}
    >
      {children}
    </Drawer>
  );
}
