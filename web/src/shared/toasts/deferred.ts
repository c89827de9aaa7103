import type { ToastType } from './toasts.tsx';

const KEY = 'fp.deferredToast';

/** A toast for the next page load (the page is about to reload, spec §4 timezone change). */
export function deferToast(message: string, type: ToastType = 'default'): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ message, type }));
  } catch {
    // No session storage: the toast is lost with the reload.
  }
}

/** The toast left by the previous page, removed as it is read. */
export function takeDeferredToast(): { message: string; type: ToastType } | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as { message: string; type: ToastType }) : undefined;
  } catch {
    return undefined;
  }
}
