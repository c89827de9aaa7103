import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalSelectId, ModalSelectItem } from './types.ts';

/** The items a select-box modal acts on; unticking one leaves it out of the selection. */
export function SelectBox({
  items,
  selection,
  onChange,
  readOnly,
  disabled,
}: {
  items: readonly ModalSelectItem[];
  selection: readonly ModalSelectId[];
  onChange: (selection: readonly ModalSelectId[]) => void;
  readOnly: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const toggle = (id: ModalSelectId, checked: boolean) =>
    onChange(
      checked
        ? items.map((item) => item.id).filter((one) => one === id || selection.includes(one))
        : selection.filter((one) => one !== id),
    );
  return (
    <List dense aria-labelledby={labelId} sx={{ maxHeight: 240, overflow: 'auto' }}>
      <ListItem id={labelId} sx={{ typography: 'subtitle2' }}>
        {t('modals.selection.label')}
      </ListItem>
      {items.map((item) => (
        <ListItem key={item.id} disablePadding={!readOnly}>
          {readOnly ? (
            <ListItemText primary={item.label} />
          ) : (
            <FormControlLabel
              sx={{ ml: 1 }}
              label={item.label}
              control={
                <Checkbox
                  checked={selection.includes(item.id)}
                  disabled={disabled}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                />
              }
            />
          )}
        </ListItem>
      ))}
    </List>
  );
}
