import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import {
  type FormEvent,
  type KeyboardEvent,
  Suspense,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/messages.ts';
import { useUserStorage } from '../lib/user-storage.ts';
import { type ModalControls, ModalControlsContext } from './controls.ts';
import { ModalHeader } from './ModalHeader.tsx';
import { modalBody, modalBodyName } from './registry.ts';
import { dismissReminder } from './reminders.ts';
import { SelectBox } from './SelectBox.tsx';
import { endModal, minimizeModal, raiseModal } from './store.ts';
import type { ModalSelectId, OpenModal } from './types.ts';
import { useDialogDrag } from './use-dialog-drag.ts';

/** A modal with a Confirm: a prompt, an input, a select box or a confirm handler. */
function hasActions(modal: OpenModal): boolean {
  return Boolean(modal.confirm || modal.prompt || modal.input || modal.selectBox);
}

/**
 * One modal window (spec §4 "Modals"): an MUI Dialog that stays mounted while minimized (its
 * body keeps its state), draggable by its header, with Escape, the Confirm rules and the
 * 'Do not show this again' checkbox. Several are open at once, so none traps focus or hides
 * the others from assistive technology (each is its own container), and the host draws the one
 * backdrop and locks the scroll.
 */
export function ModalWindow({ modal, isMain, layer }: { modal: OpenModal; isMain: boolean; layer: number }) {
  const { t } = useTranslation();
  const storage = useUserStorage();
  const containerRef = useRef<HTMLDivElement>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [selection, setSelection] = useState<readonly ModalSelectId[]>(
    () => modal.selectBox?.map((item) => item.id) ?? [],
  );
  const [childDisabled, setConfirmDisabled] = useState(false);
  const [returnValue, setReturnValueState] = useState<unknown>(modal.returnValue);
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const inFlight = useRef(false);
  const startDrag = useDialogDrag(paperRef, !modal.fullscreen);
  const Body = modalBody(modalBodyName(modal));
  const withActions = hasActions(modal);

  // Spec §4: Confirm is disabled while a select box has no selection, when the modal's own rule
  // says so, or when a child reports disabled; spec §5: a prompt's input is required.
  const rule = typeof modal.disabled === 'function' ? modal.disabled({ value, selection }) : modal.disabled;
  const confirmDisabled =
    busy ||
    childDisabled ||
    Boolean(rule) ||
    (modal.input !== undefined && value === '') ||
    (modal.selectBox !== undefined && selection.length === 0);

  const confirm = async () => {
    if (confirmDisabled || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await modal.confirm?.({ value, selection, returnValue });
    } catch (failure) {
      // The modal stays open with the reason, scrolled to the top (spec §4 "Form submit").
      setError(messageOf(failure));
      if (contentRef.current) contentRef.current.scrollTop = 0;
      return;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
    if (remember && modal.reminderKey && storage) {
      dismissReminder(storage, modal.reminderKey).catch((failure: unknown) => console.error(failure));
    }
    endModal(modal.key, true);
  };
  const latestConfirm = useRef(confirm);
  useLayoutEffect(() => {
    latestConfirm.current = confirm;
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing || modal.hideHeaderControls) return;
    event.stopPropagation();
    endModal(modal.key, false);
  };

  const setReturnValue = useCallback((next: unknown) => setReturnValueState(() => next), []);
  const controls = useMemo<ModalControls>(
    () => ({
      modal,
      isMain,
      close: () => endModal(modal.key, false),
      confirm: () => void latestConfirm.current(),
      minimize: () => minimizeModal(modal.id),
      setConfirmDisabled,
      setValue,
      setReturnValue,
    }),
    [modal, isMain, setReturnValue],
  );

  return (
    <div ref={containerRef}>
      <Dialog
        open={!modal.minimized}
        keepMounted
        // Each window is its own container, so MUI hides none of the others (or the bar). No
        // onClose: Escape is handled below, for the window that holds the focus.
        disablePortal
        container={() => containerRef.current}
        hideBackdrop
        disableEnforceFocus
        disableScrollLock
        fullScreen={modal.fullscreen}
        fullWidth
        maxWidth="sm"
        onKeyDown={closeOnEscape}
        onMouseDownCapture={() => raiseModal(modal.id)}
        data-modal-id={modal.id}
        data-main={isMain || undefined}
        // Clicks pass around the paper to the windows beneath; the host's backdrop stops them.
        sx={{ zIndex: (theme) => theme.zIndex.modal + layer, pointerEvents: 'none' }}
        slotProps={{ paper: { ref: paperRef, sx: { pointerEvents: 'auto' } } }}
      >
        <Box
          component={withActions ? 'form' : 'div'}
          onSubmit={withActions ? submit : undefined}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        >
          <ModalHeader modal={modal} onDragStart={startDrag} />
          <DialogContent ref={contentRef} sx={modal.noPadding ? { p: 0 } : { pt: 1 }}>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            {modal.prompt && <DialogContentText sx={{ mb: 1 }}>{modal.prompt}</DialogContentText>}
            {Body && (
              <ModalControlsContext value={controls}>
                <Suspense fallback={<CircularProgress aria-label={t('modals.loading')} />}>
                  <Body {...(modal.form ? { form: modal.form } : {})} {...modal.props} />
                </Suspense>
              </ModalControlsContext>
            )}
            {modal.input && (
              <TextField
                label={modal.input.label}
                type={modal.input.type ?? 'text'}
                name={modal.input.name ?? 'input'}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                required
                fullWidth
                autoFocus
                autoComplete={modal.input.autoComplete}
                error={Boolean(modal.input.error)}
                helperText={modal.input.error ?? modal.input.hint}
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `${modal.id}-${modal.input.name ?? 'input'}` } }}
              />
            )}
            {modal.selectBox && (
              <SelectBox
                items={modal.selectBox}
                selection={selection}
                onChange={setSelection}
                readOnly={Boolean(modal.selectBoxReadonly)}
                disabled={Boolean(modal.disableSelection)}
              />
            )}
          </DialogContent>
          {withActions && (
            <DialogActions>
              {modal.reminderKey && storage && (
                <FormControlLabel
                  sx={{ mr: 'auto', ml: 1 }}
                  label={t('modals.doNotShowAgain')}
                  control={
                    <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />
                  }
                />
              )}
              {!modal.hideCancel && (
                <Button onClick={() => endModal(modal.key, false)}>
                  {modal.cancelLabel ?? t('modals.cancel')}
                </Button>
              )}
              <Button
                type="submit"
                variant="contained"
                disabled={confirmDisabled}
                data-testid={`${modal.id}-confirm`}
              >
                {modal.confirmLabel ?? t('modals.confirm')}
              </Button>
            </DialogActions>
          )}
        </Box>
      </Dialog>
    </div>
  );
}
