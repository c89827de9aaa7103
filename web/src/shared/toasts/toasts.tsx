import { TOAST_CLOSE_ANIMATION_MS, TOAST_DURATION_MS, TOAST_MAX_SNACK } from '@fleetport/contracts/limits';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import i18next from 'i18next';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/** Spec §3 "Toast": the five types. */
export type ToastType = 'default' | 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds; default 4000 (spec §9). */
  duration?: number;
  /** 'top' is the general host of spec §9; the rest go bottom-right. */
  position?: 'bottom-right' | 'top';
  /** Adds a close button. */
  dismissible?: boolean;
}

const TOP = { vertical: 'top', horizontal: 'center' } as const;
const BOTTOM_RIGHT = { vertical: 'bottom', horizontal: 'right' } as const;

function closeAction(key: SnackbarKey) {
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={i18next.t('common.close')}
      onClick={() => closeSnackbar(key)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Shows a toast (spec §3/§9); callable outside React (the HTTP client, start-up). */
export function toast(message: string, options: ToastOptions = {}): SnackbarKey {
  return enqueueSnackbar(message, {
    variant: options.type ?? 'default',
    autoHideDuration: options.duration ?? TOAST_DURATION_MS,
    anchorOrigin: options.position === 'top' ? TOP : BOTTOM_RIGHT,
    ...(options.dismissible ? { action: closeAction } : {}),
  });
}

/**
 * The toast host (notistack): at most 7 at once, 4000 ms, bottom-right, paused while hovered
 * (notistack stops the timer on mouse-enter), 150 ms close animation (spec §9).
 */
export function ToastHost({ children }: { children?: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_SNACK}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={BOTTOM_RIGHT}
      transitionDuration={{ exit: TOAST_CLOSE_ANIMATION_MS }}
    >
      {children}
    </SnackbarProvider>
  );
}
