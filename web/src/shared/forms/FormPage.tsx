import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formDefinition } from './registry.ts';
import { SchemaForm } from './SchemaForm.tsx';

/**
 * `/forms/{name}/{id?}` (spec §2): the registered form of that name, full-page. After a
 * successful submit, and on Cancel, the app goes back one step.
 */
export default function FormPage() {
  const { name = '', id } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const definition = formDefinition(name);
  const screen = useMemo(() => definition?.({ id, t }), [definition, id, t]);
  if (!screen) return <Alert severity="warning">{t('forms.page.unknown')}</Alert>;
  const back = () => void navigate(-1);
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {screen.title}
      </Typography>
      <SchemaForm
        key={`${name}/${id ?? ''}`}
        fields={screen.fields}
        submit={{
          ...screen.submit,
          onClose: () => {
            screen.submit.onClose?.();
            back();
          },
        }}
        submitLabel={screen.submitLabel}
        onCancel={back}
      />
    </Paper>
  );
}
