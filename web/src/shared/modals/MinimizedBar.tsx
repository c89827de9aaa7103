import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { closeModal, restoreModal } from './store.ts';
import type { OpenModal } from './types.ts';

/** Spec §4: minimized modals are listed in a bar (bottom-left), each restorable or closable. */
export function MinimizedBar({ modals }: { modals: readonly OpenModal[] }) {
  const { t } = useTranslation();
  if (modals.length === 0) return null;
  return (
    <Stack
      component="section"
      aria-label={t('modals.bar.label')}
      direction="row"
      useFlexGap
      spacing={1}
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        maxWidth: 'calc(100% - 32px)',
        flexWrap: 'wrap-reverse',
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      {modals.map((modal) => {
        const title = modal.title ?? modal.id;
        return (
          <Paper key={modal.key} elevation={6} sx={{ display: 'flex', alignItems: 'center', maxWidth: 280 }}>
            <Button
              color="inherit"
              onClick={() => restoreModal(modal.id)}
              aria-label={t('modals.bar.restore', { title })}
              sx={{ textTransform: 'none', minWidth: 0, flex: 1, justifyContent: 'flex-start', pl: 1.5 }}
            >
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {title}
              </Box>
            </Button>
            <IconButton
              size="small"
              aria-label={t('modals.bar.close', { title })}
              onClick={() => closeModal(modal.id)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Paper>
        );
      })}
    </Stack>
  );
}
