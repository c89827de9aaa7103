import Box from '@mui/material/Box';
import { AppHeader } from '../components/layouts/AppHeader.tsx';
import { SkeletonHome } from './routes/SkeletonHome.tsx';

/** The console shell of this skeleton build: header and one page. */
export function App() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      <SkeletonHome />
    </Box>
  );
}
