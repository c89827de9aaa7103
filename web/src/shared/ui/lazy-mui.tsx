import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';

/**
 * MUI's overlays (menus, popovers, the mobile drawer, tooltips) fetched when first needed, not
 * with the page: together they are a fifth of the shell's first load (the first-load budget: 250 KB
 * gzip). Each renders nothing until it is first opened, then stays mounted so it can animate
 * closed and open again without a fetch.
 */
const Menu = lazy(() => import('@mui/material/Menu'));
const Popover = lazy(() => import('@mui/material/Popover'));
const Drawer = lazy(() => import('@mui/material/Drawer'));
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** True from the first render where `open` is true onwards. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyMenu(props: MenuProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}

export function LazyPopover(props: PopoverProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  );
}

export function LazyDrawer(props: DrawerProps) {
  if (!useOpenedOnce(Boolean(props.open))) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}

/** The bare child until the tooltip's code has arrived (it is fetched on first render). */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
