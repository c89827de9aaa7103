import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A page's content while it loads: a centred spinner. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label="…" />
    </Box>
  );
}
