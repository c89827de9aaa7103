/**
 * The form field schema of spec §3 "Form field schema", as features declare it.
 *
 * Texts (label, placeholder, hint, linkText, option labels, table titles) are **already
 * translated** strings: a feature builds its fields with its own `t()`, so every key it uses is
 * checked against the catalogue at compile time, and option labels that come from the server
 * need no key at all. The engine translates only its own texts (validation messages, buttons).
 *
 * Keys are the API's field names (`company_id`, `credit_count`); they must not contain a dot,
 * which react-hook-form would read as a path.
 */

/** Spec §3: the input types. */
/** `color`: a #rrggbb text input with the browser's colour picker beside it (brands, tags). */
export type FieldType = 'text' | 'password' | 'file' | 'textarea' | 'checkbox' | 'radio' | 'number' | 'color';

/** A value a choice stands for (an id, a name, an enum member). */
export type OptionValue = string | number;

/** One choice of a radio group, a checkbox group or an ItemSelect. */
export interface FieldOption {
  value: OptionValue;
  label: string;
  /** Shown under the label (as a block of its own with `optionDescriptionBlock`). */
  description?: string;
  disabled?: boolean;
  /** A checkbox group shows its options under a heading per group, in the order given. */
  group?: string;
}

/** The current values of a form, by field key. */
export type FormValues = Record<string, unknown>;

/**
 * Spec §7 "Option lists": an ItemSelect whose choices come from the API. The list is asked with
 * `limit: 100` and the `fields` it needs (spec §9), through TanStack Query.
 */
export interface OptionSource {
  /** The list's path under the API base, e.g. `/tags`. */
  url: string;
  /** The fields to ask for (sent as `fields=id,name`). */
  fields: readonly string[];
  /** Filters (level, sort, protocol, company_id…); a function of the values reloads on change. */
  params?: OptionParams | ((values: FormValues) => OptionParams);
  /** The item field holding the option value; `id` by default. */
  valueKey?: string;
  /** The item field holding the option label; `name` by default. */
  labelKey?: string;
  /** Builds the option from the item when value and label keys do not suffice. */
  toOption?: (item: Record<string, unknown>) => FieldOption;
  /**
   * Parameters the list cannot be asked without (the roles of a company need the company): until
   * each is set, nothing is asked and there is no choice.
   */
  requires?: readonly string[];
}

export type OptionParams = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * An ItemSelect whose user may make a choice the list lacks (a new tag, from 'Add tags'): while
 * the typed text names no choice, a last choice offers to create it; the item made is chosen.
 */
export interface OptionCreator {
  /** The last choice's text for what was typed, translated: 'Create tag “Rollout wave 3”'. */
  label: (typed: string) => string;
  /** Makes the item (a dialog, usually): its choice, or undefined when the user gave up. */
  create: (typed: string) => Promise<FieldOption | undefined>;
}

/** Spec §3 `depends`: shown only while the field `key` holds one of `values`. */
export interface FieldDependency {
  key: string;
  values: readonly unknown[];
}

/** What a field's `onChange` may do to the rest of the form. */
export interface FieldChangeApi {
  getValues: () => FormValues;
  setValue: (key: string, value: unknown) => void;
}

/** Spec §3 "List-input options". */
export interface ListInputOptions {
  maxItems?: number;
  uniqueItems?: boolean;
  noDupes?: boolean;
  /** `number` converts each item to a number. */
  type?: 'text' | 'number';
  pattern?: string;
  min?: number;
  max?: number;
  minItemLength?: number;
  maxItemLength?: number;
  /** Shows the CSV import button. */
  showCsvUpload?: boolean;
}

/** Spec §3 "Table-input options": one column of a TableInput. */
export interface TableInputColumn {
  key: string;
  title: string;
  pattern?: string;
  /** What the pattern asks for, already translated (as a field's `patternMessage`). */
  patternMessage?: string;
  maxlength?: number;
}

export interface TableInputOptions {
  fields: readonly TableInputColumn[];
}

/** The attributes every field may carry (spec §3). */
interface BaseField {
  key: string;
  label?: string;
  type?: FieldType;
  required?: boolean;
  multiple?: boolean;
  min?: number;
  max?: number;
  step?: number;
  minlength?: number;
  maxlength?: number;
  /** An HTML `pattern`: it must match the whole value. */
  pattern?: string;
  /**
   * What the pattern asks for, already translated ('A serial number is 6–20 letters and
   * digits'): shown when the value misses the field's pattern or the contract's. Without it a
   * generic message is shown (a colour field says what a colour looks like).
   */
  patternMessage?: string;
  /** See `mask.ts` for the tokens. */
  mask?: string;
  placeholder?: string;
  disabled?: boolean;
  hint?: string;
  /** Every dependency must be met for the field to show (spec §4 "Form fields"). */
  depends?: readonly FieldDependency[];
  /** Hidden unless the user holds it (spec §5 "Masks and field visibility"). */
  permission?: string;
  /** A password field gets a button that fills in a generated password (spec §9: 16 characters). */
  generate?: boolean;
  /** File types offered by the file picker. */
  accept?: string;
  href?: string;
  linkText?: string;
  /** Called after the user changes the field, e.g. to reset a field that depends on it. */
  onChange?: (value: unknown, form: FieldChangeApi) => void;
  optionDescriptionBlock?: boolean;
  /**
   * File fields: shows 'Maximum file size is 80MB' (of `max`, 80MB by default) under the input
   * before any file is chosen. Not in the §3 list, which does not name the switch.
   */
  warnings?: boolean;
}

/** A plain input: text, password, textarea, number, file, checkbox (group) or radio group. */
export interface InputField extends BaseField {
  component?: undefined;
  /** The choices of a radio group or a checkbox group. */
  options?: readonly FieldOption[];
}

/** A select (single, or `multiple`) with static choices or choices loaded from the API. */
export interface ItemSelectField extends BaseField {
  component: 'ItemSelect';
  options: readonly FieldOption[] | OptionSource;
  /** Offers to create what was typed when no choice has that name. */
  create?: OptionCreator;
}

/** An information block in the form: `label` is its text; no value. */
export interface BaseAlertField extends BaseField {
  component: 'BaseAlert';
  severity?: 'info' | 'warning';
}

export interface ListInputField extends BaseField {
  component: 'ListInput';
  options?: ListInputOptions;
}

export interface TableInputField extends BaseField {
  component: 'TableInput';
  options: TableInputOptions;
}

/** Spec §3 "Form field schema". */
export type FieldSchema = InputField | ItemSelectField | BaseAlertField | ListInputField | TableInputField;

/** Whether the field holds a value (a BaseAlert only shows text). */
export function holdsValue(field: FieldSchema): boolean {
  return field.component !== 'BaseAlert';
}

/** A field's empty value, also the value it is reset to when it goes hidden (spec §4). */
export function emptyValueOf(field: FieldSchema): unknown {
  switch (field.component) {
    case 'BaseAlert':
      return undefined;
    case 'ListInput':
    case 'TableInput':
      return [];
    case 'ItemSelect':
      return field.multiple ? [] : null;
    default:
      break;
  }
  switch (field.type) {
    case 'checkbox':
      return field.options ? [] : false;
    case 'radio':
      return null;
    case 'file':
      return field.multiple ? [] : null;
    default:
      return '';
  }
}
