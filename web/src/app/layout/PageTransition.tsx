import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { Transition } from '../../shared/routing/web-routes.ts';

const slideRight = keyframes`from { opacity: 0; transform: translateX(-24px); } to { opacity: 1; transform: none; }`;
const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** Spec §2: page transitions by the route's setting, slide-to-right by default. */
export function PageTransition({ transition, children }: { transition: Transition; children: ReactNode }) {
  const animation = transition === 'none' ? undefined : transition === 'fade' ? fade : slideRight;
  return (
    <Box
      data-transition={transition}
      sx={{
        animation: animation ? `${animation} 220ms ease-out` : 'none',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
