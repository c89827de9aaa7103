import Backdrop from '@mui/material/Backdrop';
import Portal from '@mui/material/Portal';
import { ensureArea } from '../lib/i18n.ts';
import { MinimizedBar } from './MinimizedBar.tsx';
import { ModalWindow } from './ModalWindow.tsx';
import { ScrollLock } from './ScrollLock.tsx';
import { mainModalOf } from './store.ts';
import type { OpenModal } from './types.ts';

// Shared code brings its own strings (shared/lib/i18n.ts; pages declare theirs in app/routes/table.ts).
await ensureArea('modals');

/**
 * The open modals on the page: the windows in stacking order (the main modal on top), one
 * backdrop and the scroll lock while any window is not minimized (spec §4), and the bar of the
 * minimized ones.
 */
export function ModalLayer({ modals }: { modals: readonly OpenModal[] }) {
  const main = mainModalOf(modals);
  const anyShown = main !== undefined;
  return (
    <Portal>
      <div data-testid="modal-host">
        {anyShown && <ScrollLock />}
        <Backdrop open={anyShown} sx={{ zIndex: (theme) => theme.zIndex.modal - 1 }} />
        {modals.map((modal, layer) => (
          <ModalWindow key={modal.key} modal={modal} isMain={modal === main} layer={layer} />
        ))}
        <MinimizedBar modals={modals.filter((modal) => modal.minimized)} />
      </div>
    </Portal>
  );
}
