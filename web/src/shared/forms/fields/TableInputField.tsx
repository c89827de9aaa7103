import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TableInputField as TableInputSchema } from '../field-schema.ts';
import { asText, type FieldProps } from './field-props.ts';

type Row = Record<string, unknown>;

/** The message zod left on one cell (`errors[key][row][column]`). */
function cellError(tree: unknown, row: number, column: string): string | undefined {
  const rows = tree as
    | Record<number, Record<string, { message?: string } | undefined> | undefined>
    | undefined;
  return rows?.[row]?.[column]?.message;
}

/**
 * TableInput (spec §3 "Table-input options"): rows of the given columns, added and removed by
 * the user; each cell keeps its column's maxlength while typing and is checked against its
 * pattern on submit.
 */
export function TableInputField(props: FieldProps<TableInputSchema>) {
  const { field, value, onChange, error, errorTree, inputRef } = props;
  const { t } = useTranslation();
  const columns = field.options.fields;
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const setCell = (index: number, key: string, text: string) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, [key]: text } : row)));
  const emptyRow = () => Object.fromEntries(columns.map((column) => [column.key, '']));
  const helper = error ?? field.hint;

  return (
    <FormControl error={Boolean(error)} required={field.required} disabled={field.disabled} fullWidth>
      {field.label && <FormLabel>{field.label}</FormLabel>}
      <Table size="small" aria-label={field.label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key}>{column.title}</TableCell>
            ))}
            <TableCell align="right">{t('forms.tableInput.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1}>{t('forms.tableInput.empty')}</TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => (
            // Rows have no identity of their own; the position is what the errors use too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={index}>
              {columns.map((column, columnIndex) => {
                const message = cellError(errorTree, index, column.key);
                return (
                  <TableCell key={column.key}>
                    <TextField
                      size="small"
                      value={asText(row[column.key])}
                      onChange={(event) => setCell(index, column.key, event.target.value)}
                      disabled={field.disabled}
                      error={Boolean(message)}
                      helperText={message}
                      inputRef={index === 0 && columnIndex === 0 ? inputRef : undefined}
                      slotProps={{
                        htmlInput: {
                          'aria-label': t('forms.tableInput.cell', { column: column.title, row: index + 1 }),
                          maxLength: column.maxlength,
                          pattern: column.pattern,
                        },
                      }}
                    />
                  </TableCell>
                );
              })}
              <TableCell align="right">
                <IconButton
                  aria-label={t('forms.tableInput.removeRow', { row: index + 1 })}
                  onClick={() => onChange(rows.filter((_, position) => position !== index))}
                  disabled={field.disabled}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        startIcon={<AddIcon />}
        onClick={() => onChange([...rows, emptyRow()])}
        disabled={field.disabled}
        sx={{ alignSelf: 'flex-start', mt: 1 }}
      >
        {t('forms.tableInput.addRow')}
      </Button>
      {helper && <FormHelperText>{helper}</FormHelperText>}
    </FormControl>
  );
}
