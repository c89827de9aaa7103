import { formatBytes, MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type FieldProps, hiddenInputSx } from './field-props.ts';

/**
 * Spec §5 "File input": a file picker whose choice is checked at once (size up to `max`, 80MB
 * by default; no forbidden symbol in the name). With `warnings`, the size limit is shown before
 * any file is chosen ('Maximum file size is 80MB').
 */
export function FileField({ field, value, onChange, onBlur, error, validate, inputRef }: FieldProps) {
  const { t } = useTranslation();
  const files = (Array.isArray(value) ? value : [value]).filter((item): item is File => item instanceof File);
  const helper =
    error ??
    (field.warnings
      ? t('forms.file.maxSize', { size: formatBytes(field.max ?? MAX_UPLOAD_BYTES) })
      : field.hint);
  return (
    <FormControl error={Boolean(error)} required={field.required} disabled={field.disabled}>
      {field.label && <FormLabel sx={{ mb: 1 }}>{field.label}</FormLabel>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={field.disabled}>
          {field.multiple ? t('forms.file.chooseMany') : t('forms.file.choose')}
          <Box
            component="input"
            type="file"
            name={field.key}
            aria-label={field.label}
            accept={field.accept}
            multiple={field.multiple}
            disabled={field.disabled}
            ref={inputRef}
            onBlur={onBlur}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              onChange(field.multiple ? chosen : (chosen[0] ?? null));
              if (chosen.length > 0) validate();
            }}
            sx={hiddenInputSx}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid={`file-names-${field.key}`}>
          {files.length > 0 ? files.map((file) => file.name).join(', ') : t('forms.file.none')}
        </Typography>
      </Stack>
      {helper && (
        <FormHelperText sx={field.warnings && !error ? { color: 'warning.main' } : {}}>
          {helper}
        </FormHelperText>
      )}
    </FormControl>
  );
}
