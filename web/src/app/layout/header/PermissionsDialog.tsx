import { PERMISSION_CATEGORIES, type PermissionCategory } from '@fleetport/contracts/permissions';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../shared/lib/auth.ts';

/** Spec §2: 'User permissions' of the user's role, grouped by category. */
export function PermissionsDialog({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const held = new Set(user.permissions);
  const categories = (Object.keys(PERMISSION_CATEGORIES) as PermissionCategory[])
    .map((category) => ({
      category,
      names: PERMISSION_CATEGORIES[category].filter((name) => held.has(name)),
    }))
    .filter((group) => group.names.length > 0);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="permissions-title">
      <DialogTitle id="permissions-title">{t('layout.permissions.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle1" gutterBottom>
          {user.role_title}
        </Typography>
        <Stack spacing={2}>
          {categories.map(({ category, names }) => (
            <div key={category}>
              <Typography variant="overline" component="h3">
                {t(`layout.permissions.category.${category}`)}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {names.map((name) => (
                  <Chip
                    key={name}
                    label={name}
                    size="small"
                    variant="outlined"
                    sx={{ fontFamily: 'monospace' }}
                  />
                ))}
              </Stack>
            </div>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
