import CancelIcon from '@mui/icons-material/Cancel';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../toasts/toasts.tsx';
import type { ListInputField as ListInputSchema } from '../field-schema.ts';
import {
  addListItems,
  csvFileProblem,
  csvLines,
  type ListItem,
  pasteIntoInput,
  removeLastItem,
} from '../list-input-rules.ts';
import { problemMessage } from '../problems.ts';
import { type FieldProps, hiddenInputSx } from './field-props.ts';

/**
 * ListInput (spec §5 "List input"): items as chips. Enter, comma or leaving the input adds what
 * was typed; Backspace in the empty input removes the last item; pasted text is trimmed and cut
 * to the maxlength; a CSV file adds one item per line. Adding follows `addListItems`.
 */
export function ListInputField(props: FieldProps<ListInputSchema>) {
  const { field, value, onChange, onBlur, error, inputRef } = props;
  const { t } = useTranslation();
  const rules = field.options ?? {};
  const items: ListItem[] = Array.isArray(value) ? (value as ListItem[]) : [];
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const maxlength = field.maxlength ?? rules.maxItemLength;

  /** Adds texts; a typed text a check refuses stays in the input with the reason. */
  const add = (texts: readonly string[], typed: boolean) => {
    const result = addListItems(items, texts, rules);
    if (result.items.length !== items.length) onChange(result.items);
    setProblem(
      result.problem ? problemMessage(result.problem, { patternMessage: field.patternMessage }) : undefined,
    );
    if (typed) setText(result.rejected.join(','));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add([text], true);
    } else if (event.key === 'Backspace' && text === '' && items.length > 0) {
      event.preventDefault();
      onChange(removeLastItem(items));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const selection = { start: input.selectionStart ?? text.length, end: input.selectionEnd ?? text.length };
    setText(pasteIntoInput(text, event.clipboardData.getData('text'), selection, maxlength));
  };

  const importCsv = async (file: File | undefined) => {
    if (!file) return;
    const csvProblem = csvFileProblem(file);
    if (csvProblem) {
      toast(t(csvProblem === 'notCsv' ? 'forms.listInput.notCsv' : 'forms.listInput.csvTooLarge'), {
        type: 'error',
      });
      return;
    }
    add(csvLines(await file.text()), false);
  };

  const chips = items.map((item, index) => (
    <Chip
      // Items may repeat (without uniqueItems); a chip holds no state, so the position will do.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      key={`${index}-${String(item)}`}
      label={String(item)}
      size="small"
      disabled={field.disabled}
      onDelete={() => onChange(items.filter((_, position) => position !== index))}
      deleteIcon={<CancelIcon titleAccess={t('forms.listInput.remove', { item: String(item) })} />}
    />
  ));

  return (
    <Stack spacing={1}>
      <TextField
        name={field.key}
        label={field.label}
        required={field.required}
        disabled={field.disabled}
        placeholder={field.placeholder ?? t('forms.listInput.placeholder')}
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          // A comma typed where no key event reports it (mobile keyboards, autofill).
          if (typed.includes(',')) {
            const parts = typed.split(',');
            const last = parts.pop() ?? '';
            add(parts, false);
            setText(last);
          } else setText(typed);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (text.trim()) add([text], true);
          onBlur();
        }}
        inputRef={inputRef}
        error={Boolean(problem ?? error)}
        helperText={problem ?? error ?? field.hint}
        fullWidth
        sx={{
          '& .MuiInputBase-root': { flexWrap: 'wrap', gap: 0.5 },
          '& .MuiInputBase-input': { flex: 1, minWidth: 120 },
        }}
        slotProps={{
          htmlInput: {
            maxLength: maxlength,
            inputMode: rules.type === 'number' ? 'decimal' : undefined,
          },
          input: chips.length > 0 ? { startAdornment: chips } : {},
        }}
      />
      {rules.showCsvUpload && (
        <Box>
          <Button
            component="label"
            size="small"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={field.disabled}
          >
            {t('forms.listInput.csvImport')}
            <Box
              component="input"
              type="file"
              accept=".csv,text/csv"
              aria-label={t('forms.listInput.csvImport')}
              onChange={(event) => {
                const input = event.currentTarget;
                void importCsv(input.files?.[0]).finally(() => {
                  input.value = '';
                });
              }}
              sx={hiddenInputSx}
            />
          </Button>
        </Box>
      )}
    </Stack>
  );
}
