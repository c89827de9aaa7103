import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const PARTS = ['nav', 'header', 'windows'] as const;

/** The body of the new design notice: where the parts of the layout are (spec §2 "Shared layout"). */
export function DesignNoticeBody() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body1">{t('updates.design.intro')}</Typography>
      <List dense>
        {PARTS.map((part) => (
          <ListItem key={part} disableGutters>
            <ListItemText
              primary={t(`updates.design.${part}.title`)}
              secondary={t(`updates.design.${part}.text`)}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
