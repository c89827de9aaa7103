import { TOAST_CLOSE_ANIMATION_MS, TOAST_DURATION_MS, TOAST_MAX_SNACK } from '@fleetport/contracts/limits';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import i18next from 'i18next';
import type { SnackbarKey } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';

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
  /** A button that leads on from what the toast says ('Open Device configuration'); it closes the toast. */
  link?: { label: string; onClick: () => void };
}

const TOP = { vertical: 'top', horizontal: 'center' } as const;
const BOTTOM_RIGHT = { vertical: 'bottom', horizontal: 'right' } as const;

type Notistack = typeof import('notistack');

/**
 * notistack is fetched after the first render (or with the first toast), not with the page:
 * the first-load budget. Toasts asked for before it is there wait in `waiting` and
 * show, in order, as soon as the host has mounted.
 */
let notistack: Notistack | undefined;
let hostMounted = false;
let loading: Promise<Notistack> | undefined;
const waiting: { message: string; options: ToastOptions; key: SnackbarKey }[] = [];
const hostListeners = new Set<(module: Notistack) => void>();
let nextKey = 0;

function loadNotistack(): Promise<Notistack> {
  loading ??= import('notistack').then((module) => {
    notistack = module;
    for (const listener of hostListeners) listener(module);
    return module;
  });
  return loading;
}

function closeAction(key: SnackbarKey) {
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={i18next.t('common.close')}
      onClick={() => notistack?.closeSnackbar(key)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

function linkAction(link: NonNullable<ToastOptions['link']>, dismissible: boolean | undefined) {
  return (key: SnackbarKey) => (
    <>
      <Button
        size="small"
        color="inherit"
        onClick={() => {
          notistack?.closeSnackbar(key);
          link.onClick();
        }}
      >
        {link.label}
      </Button>
      {dismissible && closeAction(key)}
    </>
  );
}

function show(module: Notistack, message: string, options: ToastOptions, key: SnackbarKey): void {
  module.enqueueSnackbar(message, {
    key,
    variant: options.type ?? 'default',
    autoHideDuration: options.duration ?? TOAST_DURATION_MS,
    anchorOrigin: options.position === 'top' ? TOP : BOTTOM_RIGHT,
    ...(options.link
      ? { action: linkAction(options.link, options.dismissible) }
      : options.dismissible
        ? { action: closeAction }
        : {}),
  });
}

function flush(module: Notistack): void {
  for (const toastWaiting of waiting.splice(0))
    show(module, toastWaiting.message, toastWaiting.options, toastWaiting.key);
}

/** Shows a toast (spec §3/§9); callable outside React (the HTTP client, start-up). */
export function toast(message: string, options: ToastOptions = {}): SnackbarKey {
  nextKey += 1;
  const key = `toast-${nextKey}`;
  if (notistack && hostMounted) show(notistack, message, options, key);
  else {
    waiting.push({ message, options, key });
    void loadNotistack();
  }
  return key;
}

/** Closes a toast `toast()` returned. */
export function closeToast(key: SnackbarKey): void {
  const index = waiting.findIndex((toastWaiting) => toastWaiting.key === key);
  if (index >= 0) waiting.splice(index, 1);
  else notistack?.closeSnackbar(key);
}

/** notistack's provider, once its code is there; then the toasts that waited show. */
function SnackbarHost() {
  const [module, setModule] = useState(notistack);
  useEffect(() => {
    if (module) return;
    hostListeners.add(setModule);
    // After the first paint: the page's own code goes first.
    const timer = window.setTimeout(() => void loadNotistack(), 0);
    return () => {
      hostListeners.delete(setModule);
      window.clearTimeout(timer);
    };
  }, [module]);
  useEffect(() => {
    if (!module) return;
    hostMounted = true;
    flush(module);
    return () => {
      hostMounted = false;
    };
  }, [module]);
  if (!module) return null;
  const { SnackbarProvider } = module;
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_SNACK}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={BOTTOM_RIGHT}
      transitionDuration={{ exit: TOAST_CLOSE_ANIMATION_MS }}
    />
  );
}

/**
 * The toast host (notistack): at most 7 at once, 4000 ms, bottom-right, paused while hovered
 * (notistack stops the timer on mouse-enter), 150 ms close animation (spec §9).
 */
export function ToastHost({ children }: { children?: ReactNode }) {
  return (
    <>
      {children}
      <SnackbarHost />
    </>
  );
}
