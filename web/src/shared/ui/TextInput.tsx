import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';

/** What the account pages set on the native input (`data-testid` included). */
type HtmlInputProps = InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;

export interface TextInputProps {
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
  slotProps?: { htmlInput?: HtmlInputProps };
}

/**
 * An outlined text field with label and helper text, like MUI's TextField for the props the
 * account pages use. TextField also carries its `select` mode (Select, Menu, Popover, Modal):
 * a sixth of the login page's first load (the first-load budget: 250 KB gzip) for a feature these
 * pages never use.
 */
export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  name,
  required,
  disabled,
  fullWidth,
  autoFocus,
  autoComplete,
  error,
  helperText,
  sx,
  slotProps,
}: TextInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // autoFocus, in the frame after the page is committed: a focus() inside React's commit forces
  // a layout of the whole new page in the same task (a long task on a slow phone).
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl
      variant="outlined"
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      error={error}
      sx={sx}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        inputRef={input}
        autoComplete={autoComplete}
        slotProps={{
          input: { ...slotProps?.htmlInput, ...(helperId ? { 'aria-describedby': helperId } : {}) },
        }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
