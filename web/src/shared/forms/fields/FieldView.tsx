import type { FieldSchema } from '../field-schema.ts';
import { BaseAlertField } from './BaseAlertField.tsx';
import { CheckboxField } from './CheckboxField.tsx';
import { FileField } from './FileField.tsx';
import type { FieldProps } from './field-props.ts';
import { ItemSelectField } from './ItemSelectField.tsx';
import { ListInputField } from './ListInputField.tsx';
import { RadioField } from './RadioField.tsx';
import { TableInputField } from './TableInputField.tsx';
import { TextInputField } from './TextInputField.tsx';

/** The component of a field: by `component` first, then by `type` (text by default). */
export function FieldView(props: FieldProps<FieldSchema>) {
  const { field } = props;
  switch (field.component) {
    case 'BaseAlert':
      return <BaseAlertField field={field} />;
    case 'ItemSelect':
      return <ItemSelectField {...props} field={field} />;
    case 'ListInput':
      return <ListInputField {...props} field={field} />;
    case 'TableInput':
      return <TableInputField {...props} field={field} />;
    default:
      break;
  }
  switch (field.type) {
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'radio':
      return <RadioField {...props} />;
    case 'file':
      return <FileField {...props} />;
    default:
      return <TextInputField {...props} />;
  }
}
