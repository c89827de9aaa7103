import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MinimizeIcon from '@mui/icons-material/Minimize';
import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endModal, minimizeModal, toggleModalFullscreen } from './store.ts';
import type { OpenModal } from './types.ts';

/**
 * The title bar: the drag handle (spec §4: by header or title only) with the title, the
 * subtitle and the window controls. The title alone names the dialog (DialogTitle carries the
 * id the dialog's aria-labelledby points at), so the buttons stay out of its name.
 */
export function ModalHeader({
  modal,
  onDragStart,
}: {
  modal: OpenModal;
  onDragStart: (event: ReactPointerEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  // hideHeader: the title stays in the document (hidden) to name the dialog.
  if (modal.hideHeader) return <DialogTitle hidden>{modal.title}</DialogTitle>;
  const controls = !modal.hideHeaderControls;
  return (
    <Box
      onPointerDown={onDragStart}
      data-testid="modal-header"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: 3,
        pt: 2,
        pb: 1,
        pr: controls ? 1 : 3,
        cursor: modal.fullscreen ? 'auto' : 'move',
        userSelect: 'none',
        touchAction: modal.fullscreen ? 'auto' : 'none',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
        <DialogTitle sx={{ p: 0 }}>{modal.title}</DialogTitle>
        {modal.subtitle && (
          <Typography variant="body2" color="text.secondary">
            {modal.subtitle}
          </Typography>
        )}
      </Box>
      {controls && !modal.minimizeDisable && (
        <IconButton aria-label={t('modals.minimize')} onClick={() => minimizeModal(modal.id)}>
          <MinimizeIcon />
        </IconButton>
      )}
      {controls && modal.fullScreenControl && (
        <IconButton
          aria-label={modal.fullscreen ? t('modals.exitFullscreen') : t('modals.fullscreen')}
          aria-pressed={modal.fullscreen}
          onClick={() => toggleModalFullscreen(modal.id)}
        >
          {modal.fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      )}
      {controls && (
        <IconButton aria-label={t('modals.close')} onClick={() => endModal(modal.key, false)}>
          <CloseIcon />
        </IconButton>
      )}
    </Box>
  );
}
