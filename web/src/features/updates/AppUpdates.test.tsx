// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND } from '../../shared/config/default-brand.ts';
import { type CurrentUser, SessionContext } from '../../shared/lib/auth.ts';
import { BrandContext } from '../../shared/lib/brand.ts';
import { AppUpdates } from './AppUpdates.tsx';

const watch = vi.hoisted(() => ({ calls: [] as { build: string; userId: number }[], stopped: 0 }));
vi.mock('./version-watch.ts', () => ({
  watchVersions: (options: { build: string; userId: number; navigate: (path: string) => void }) => {
    watch.calls.push({ build: options.build, userId: options.userId });
    options.navigate('/changelog');
    return () => {
      watch.stopped += 1;
    };
  },
}));

afterEach(() => {
  cleanup();
  watch.calls.length = 0;
  watch.stopped = 0;
});

const user = { id: 7 } as CurrentUser;
function renderAs(signedIn: CurrentUser | undefined, children: ReactNode) {
  return render(
    <BrandContext value={DEFAULT_BRAND}>
      <SessionContext value={signedIn}>{children}</SessionContext>
    </BrandContext>,
  );
}

describe('AppUpdates (the first-load stub of the update prompt and notices)', () => {
  it('a signed-in user: the watcher starts with this build and navigates with the router', async () => {
    const navigate = vi.fn();
    const view = renderAs(user, <AppUpdates navigate={navigate} build="200-b" />);
    await waitFor(() => expect(watch.calls).toEqual([{ build: '200-b', userId: 7 }]));
    expect(navigate).toHaveBeenCalledWith('/changelog');
    view.unmount();
    expect(watch.stopped).toBe(1);
  });

  it('no user (account pages), or no build version (tests, dev server): nothing starts', async () => {
    renderAs(undefined, <AppUpdates navigate={vi.fn()} build="200-b" />);
    renderAs(user, <AppUpdates navigate={vi.fn()} build={undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watch.calls).toEqual([]);
  });
});
