import { generatePassword } from '@fleetport/contracts/password';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyMask } from '../mask.ts';
import { asText, type FieldProps } from './field-props.ts';

/**
 * Text, password, textarea and number inputs. A mask fits the text as it is typed (spec §5); a
 * password field with `generate` gets a button filling in a 16-character password (spec §9).
 * The HTML constraints are set too, so the browser's own limits (maxlength) apply while typing.
 */
export function TextInputField({ field, value, onChange, onBlur, error, inputRef }: FieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = field.type === 'password';
  const type = isPassword ? (revealed ? 'text' : 'password') : field.type === 'number' ? 'number' : 'text';

  const passwordButtons = isPassword ? (
    <InputAdornment position="end">
      {field.generate && (
        <IconButton
          aria-label={t('forms.password.generate')}
          onClick={() => {
            onChange(generatePassword());
            setRevealed(true);
          }}
          disabled={field.disabled}
          edge="end"
        >
          <AutorenewIcon />
        </IconButton>
      )}
      <IconButton
        aria-label={revealed ? t('forms.password.hide') : t('forms.password.show')}
        onClick={() => setRevealed((shown) => !shown)}
        edge="end"
      >
        {revealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  ) : undefined;

  const isColour = field.type === 'color';
  const colourPicker = isColour ? (
    <InputAdornment position="start">
      <input
        type="color"
        aria-label={t('forms.colourPicker', { label: field.label })}
        value={/^#[0-9a-f]{6}$/i.test(asText(value)) ? asText(value).toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        disabled={field.disabled}
        style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
      />
    </InputAdornment>
  ) : undefined;

  return (
    <TextField
      name={field.key}
      label={field.label}
      type={type}
      value={asText(value)}
      onChange={(event) =>
        onChange(field.mask ? applyMask(event.target.value, field.mask) : event.target.value)
      }
      onBlur={onBlur}
      inputRef={inputRef}
      required={field.required}
      disabled={field.disabled}
      placeholder={field.placeholder}
      multiline={field.type === 'textarea'}
      minRows={field.type === 'textarea' ? 3 : undefined}
      error={Boolean(error)}
      helperText={error ?? field.hint}
      fullWidth
      autoComplete={isPassword ? 'new-password' : undefined}
      slotProps={{
        htmlInput: {
          minLength: field.minlength,
          maxLength: field.maxlength,
          pattern: field.pattern,
          min: field.min,
          max: field.max,
          step: field.step,
        },
        input: passwordButtons
          ? { endAdornment: passwordButtons }
          : colourPicker
            ? { startAdornment: colourPicker }
            : {},
      }}
    />
  );
}
