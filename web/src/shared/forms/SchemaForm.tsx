import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { can, useCurrentUser } from '../lib/auth.ts';
import { ensureArea } from '../lib/i18n.ts';
import { toast } from '../toasts/toasts.tsx';
import { withContractLimits } from './contract.ts';
import type { FieldChangeApi, FieldSchema, FormValues } from './field-schema.ts';
import { FieldView } from './fields/FieldView.tsx';
import { extraValues, initialValues, shownFieldsResolver, useClearWhenHidden } from './form-state.ts';
import { mapServerErrors } from './server-errors.ts';
import type { FormSubmitOptions } from './submit-options.ts';
import { failureContext } from './submit-request.ts';
import { useFormSubmit } from './use-form-submit.ts';
import { visibleFieldKeys } from './visibility.ts';

// Shared code brings its own strings (shared/lib/i18n.ts; pages declare theirs in app/routes/table.ts).
await ensureArea('forms');

export interface SchemaFormProps {
  /** Spec §3 "Form field schema"; texts already translated. */
  fields: readonly FieldSchema[];
  /** Spec §3 "Form submission options". */
  submit: FormSubmitOptions;
  /** The submit button's text; 'Submit' by default. */
  submitLabel?: string;
  /** Leaves the buttons out: a modal's own Confirm submits the form by `submit.schema.id`. */
  hideActions?: boolean;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /**
   * The API's schema of this form from `contracts/` (spec §5 rules, one definition): the values
   * are checked against it before they are sent, its issues shown on their fields with the
   * fields' own; a text field without a `maxlength` takes the contract's.
   */
  contract?: z.ZodType;
  /** Hears the values as they are typed (a live preview beside the form). */
  onValues?: (values: FormValues) => void;
}

/**
 * The schema-driven form of spec §3–§5: every field of the schema rendered with MUI, checked by
 * the zod schema built from it, sent by `useFormSubmit`, with the server's errors placed on the
 * fields or in a list above them (spec §5 "Server field errors"), then scrolled into view.
 */
export function SchemaForm({
  fields: declared,
  submit: options,
  submitLabel,
  hideActions,
  onCancel,
  contract,
  onValues,
}: SchemaFormProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const holds = useCallback((permission: string | undefined) => can(user, permission), [user]);
  // Each text field takes its maximum length from the contract unless it states one.
  const fields = useMemo(() => withContractLimits(declared, contract), [declared, contract]);
  const generatedId = useId();
  const formId = options.schema?.id ?? generatedId;
  const [defaultValues] = useState(() => initialValues(fields, options.schema?.defaults));
  // The defaults that are no field (an id) are sent too: the contract checks them with the values.
  const [extra] = useState(() => extraValues(fields, options.schema?.defaults));
  const resolver = useMemo(
    () => shownFieldsResolver(fields, holds, contract, extra),
    [fields, holds, contract, extra],
  );
  const form = useForm<FormValues, unknown, FormValues>({
    defaultValues,
    resolver,
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const shown = visibleFieldKeys(fields, values, holds);
  // By content: the watched object may be a new one on every render.
  const valuesKey = onValues ? JSON.stringify(values) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: values are compared by their content (valuesKey)
  useEffect(() => onValues?.(values), [onValues, valuesKey]);
  useClearWhenHidden(fields, shown, form);
  const { submit, pending } = useFormSubmit(options);
  const [general, setGeneral] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);

  const changeApi: FieldChangeApi = {
    getValues: () => form.getValues(),
    setValue: (key, value) => {
      form.setValue(key, value, { shouldDirty: true });
      form.clearErrors(key);
    },
  };

  const onValid = async (checked: FormValues) => {
    const visible = visibleFieldKeys(fields, form.getValues(), holds);
    const hidden = fields.filter((field) => !visible.has(field.key)).map((field) => field.key);
    setGeneral([]);
    const outcome = await submit(checked, hidden);
    if (outcome.status !== 'failed') return;
    const errors = mapServerErrors(
      outcome.error,
      fields.filter((field) => visible.has(field.key)),
      { combineBulkSources: options.combineBulkSources, context: failureContext(options) },
    );
    for (const key of errors.blank) form.setValue(key, '');
    for (const [key, message] of Object.entries(errors.fields))
      form.setError(key, { type: 'server', message });
    setGeneral(errors.general);
    if (options.useToast) for (const message of errors.general) toast(message, { type: 'error' });
    options.onError?.(outcome.error);
    // Spec §4: after an error the form's container scrolls to its top.
    formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const rootError = form.formState.errors.root?.message;
  return (
    <Box component="form" id={formId} ref={formRef} noValidate onSubmit={form.handleSubmit(onValid)}>
      <Stack spacing={2}>
        {(general.length > 0 || rootError) && (
          <Alert severity="error" data-testid="form-general-errors" aria-label={t('forms.generalErrors')}>
            {[...general, ...(rootError ? rootError.split('\n') : [])].map((message) => (
              <Box key={message}>{message}</Box>
            ))}
          </Alert>
        )}
        {fields
          .filter((field) => shown.has(field.key))
          .map((field) =>
            field.component === 'BaseAlert' ? (
              <FieldView key={field.key} {...inertProps(field, values)} />
            ) : (
              <Controller
                key={field.key}
                name={field.key}
                control={form.control}
                render={({ field: control, fieldState }) => (
                  <FieldView
                    field={field}
                    value={control.value}
                    onChange={(next) => {
                      control.onChange(next);
                      // Spec §4: changing a field clears its error.
                      form.clearErrors(field.key);
                      field.onChange?.(next, changeApi);
                    }}
                    onBlur={control.onBlur}
                    error={fieldState.error?.message}
                    errorTree={fieldState.error}
                    validate={() => void form.trigger(field.key)}
                    values={values}
                    inputRef={control.ref}
                  />
                )}
              />
            ),
          )}
        {!hideActions && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {onCancel && <Button onClick={onCancel}>{t('forms.cancel')}</Button>}
            <Button type="submit" variant="contained" disabled={pending}>
              {pending ? t('forms.submitting') : (submitLabel ?? t('forms.submit'))}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** The props of a field without a value (a BaseAlert). */
function inertProps(field: FieldSchema, values: FormValues) {
  return {
    field,
    value: undefined,
    onChange: () => {},
    onBlur: () => {},
    error: undefined,
    errorTree: undefined,
    validate: () => {},
    values,
    inputRef: () => {},
  };
}
