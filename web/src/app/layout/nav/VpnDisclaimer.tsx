import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../shared/ui/lazy-mui.tsx';

/** Spec §2: the navigation carries the VPN beta disclaimer. */
export function VpnDisclaimer({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const text = t('nav.vpnDisclaimer');
  if (!wide) {
    return (
      <LazyTooltip title={text} placement="right">
        <Box
          sx={{ display: 'flex', justifyContent: 'center', py: 1, color: 'text.secondary' }}
          tabIndex={0}
          aria-label={text}
        >
          <InfoOutlinedIcon fontSize="small" />
        </Box>
      </LazyTooltip>
    );
  }
  return (
    <Box
      component="details"
      sx={{ px: 2, py: 1, color: 'text.secondary', fontSize: 12 }}
      data-testid="vpn-disclaimer"
    >
      <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
        {t('nav.vpnBeta')}
      </Box>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}
