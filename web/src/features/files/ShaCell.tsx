import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toasts/toasts.tsx';
import { shortSha } from './file-words.ts';

/** Copies a SHA-256 to the clipboard and says so. */
export async function copySha(sha256: string, copied: string): Promise<void> {
  await navigator.clipboard?.writeText(sha256).catch(() => undefined);
  toast(copied, { type: 'success' });
}

/**
 * A file's SHA-256 (computed by the API while the upload streamed in), shortened in a grid cell,
 * or whole (`full`); the copy button takes the whole value.
 */
export function ShaCell({ sha256, full = false }: { sha256: string; full?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0, maxWidth: '100%' }}>
      <Box
        component="span"
        title={t('files.sha.full', { sha256 })}
        data-testid="file-sha256"
        data-sha256={sha256}
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {full ? sha256 : shortSha(sha256)}
      </Box>
      <IconButton
        size="small"
        aria-label={t('files.sha.copy')}
        title={t('files.sha.copy')}
        onClick={() => void copySha(sha256, t('files.sha.copied'))}
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
}
