import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FilesList } from './FilesList.tsx';

/**
 * /files/global/firmware (spec §2 Global Firmware, upload_files_global_scope): the firmware
 * catalogue every company sees, with its version, model families, SHA-256 and release notes.
 */
export default function GlobalFirmwarePage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('files.page.catalogueNote')}
      </Typography>
      <FilesList global />
    </>
  );
}
