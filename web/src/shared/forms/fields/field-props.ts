import type { FieldSchema, FormValues } from '../field-schema.ts';

/** What the form hands every field component. */
export interface FieldProps<F extends FieldSchema = FieldSchema> {
  field: F;
  value: unknown;
  /** Sets the value; the form also clears the field's error (spec §4) and calls `field.onChange`. */
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** The field's own message. */
  error: string | undefined;
  /** The whole error of the field, nested for a TableInput (`[row][column].message`). */
  errorTree: unknown;
  /** Checks this field at once (a chosen file is checked when chosen). */
  validate: () => void;
  /** Every value of the form, for option lists filtered by other fields. */
  values: FormValues;
  /** Lets the form focus the field when it is invalid. */
  inputRef: (element: HTMLElement | null) => void;
}

/** Sizes a visually hidden file input that still takes clicks and labels (MUI's recipe). */
export const hiddenInputSx = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  bottom: 0,
  left: 0,
  whiteSpace: 'nowrap',
  width: 1,
} as const;

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
