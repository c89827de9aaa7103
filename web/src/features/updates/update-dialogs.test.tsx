// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reminderStorageKey } from '../../shared/modals/reminders.ts';
import { getModals } from '../../shared/modals/store.ts';
import { fakeUserStorage, renderHost, resetModals } from '../../shared/modals/testing.tsx';
import {
  DESIGN_NOTICE_REMINDER,
  DESIGN_VERSION,
  DESIGN_VERSION_KEY,
  dueStartNotices,
} from './start-notices.ts';
import { promptUpdate, showDesignNotice, showUpdateNotice } from './update-dialogs.ts';

afterEach(() => {
  resetModals();
  localStorage.clear();
  sessionStorage.clear();
});

const released = (version: string) => ({ version, released_at: '2026-11-21T12:00:00.000Z' });
const context = () => ({ appName: 'Acme Cloud', openChangelog: vi.fn(), reload: vi.fn() });
const dialog = (name: string) => screen.findByRole('dialog', { name });
const button = (paper: HTMLElement, name: string) => within(paper).getByRole('button', { name });

describe('update prompt (spec §4)', () => {
  it("is shown when a new version is announced, with 'Reload now' and 'Later'", async () => {
    renderHost();
    void promptUpdate(released('200-a'), context());
    const paper = await dialog('A new version is available');
    expect(paper.textContent).toContain('A new version of Acme Cloud has been released.');
    expect(button(paper, 'Reload now')).toBeTruthy();
    expect(button(paper, 'Later')).toBeTruthy();
  });

  it("'Reload now' reloads the page (the new build) and leaves the stored version alone", async () => {
    const user = userEvent.setup();
    const ctx = context();
    localStorage.setItem('spa_version', '100-old');
    renderHost();
    const answered = promptUpdate(released('200-b'), ctx);
    await user.click(button(await dialog('A new version is available'), 'Reload now'));
    await answered;
    expect(ctx.reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem('spa_version')).toBe('100-old');
  });

  it("spec §4: 'later' closes it and sets the stored version timestamp to 0", async () => {
    const user = userEvent.setup();
    const ctx = context();
    localStorage.setItem('spa_version', '100-old');
    renderHost();
    const answered = promptUpdate(released('200-c'), ctx);
    await user.click(button(await dialog('A new version is available'), 'Later'));
    await answered;
    expect(getModals()).toEqual([]);
    expect(localStorage.getItem('spa_version')).toBe('0');
    expect(ctx.reload).not.toHaveBeenCalled();
  });

  it("spec §4: closing it with Escape is a 'later' too", async () => {
    const user = userEvent.setup();
    localStorage.setItem('spa_version', '100-old');
    renderHost();
    const answered = promptUpdate(released('200-d'), context());
    await dialog('A new version is available');
    await user.keyboard('{Escape}');
    await answered;
    expect(localStorage.getItem('spa_version')).toBe('0');
  });

  it("a version put off with 'Later' is not asked about again on this page; a newer one is", async () => {
    const user = userEvent.setup();
    renderHost();
    const first = promptUpdate(released('200-e'), context());
    await user.click(button(await dialog('A new version is available'), 'Later'));
    await first;
    await promptUpdate(released('200-e'), context()); // a reconnect re-announces it
    expect(getModals()).toEqual([]);
    void promptUpdate(released('300-e'), context());
    expect(await dialog('A new version is available')).toBeTruthy();
  });

  it('a newer announcement replaces the open prompt without storing a choice the user did not make', async () => {
    localStorage.setItem('spa_version', '100-old');
    renderHost();
    const older = promptUpdate(released('200-f'), context());
    await dialog('A new version is available');
    void promptUpdate(released('300-f'), context());
    await older;
    expect(getModals()).toHaveLength(1);
    expect(localStorage.getItem('spa_version')).toBe('100-old');
  });
});

describe('update notice (spec §2 "Update notice")', () => {
  it("says the console was updated; 'What's new' leads to /changelog", async () => {
    const user = userEvent.setup();
    const ctx = context();
    renderHost();
    const shown = showUpdateNotice(ctx);
    const paper = await dialog('Acme Cloud has been updated');
    await user.click(button(paper, "What's new"));
    await shown;
    expect(ctx.openChangelog).toHaveBeenCalledOnce();
  });

  it("'Not now' closes it and goes nowhere", async () => {
    const user = userEvent.setup();
    const ctx = context();
    renderHost();
    const shown = showUpdateNotice(ctx);
    await user.click(button(await dialog('Acme Cloud has been updated'), 'Not now'));
    await shown;
    expect(ctx.openChangelog).not.toHaveBeenCalled();
  });
});

describe('new design notice (spec §2 "New design notice")', () => {
  it('is due once for a returning user who last worked on an older design, never for a new user', async () => {
    const { storage } = fakeUserStorage();
    // New to the console: this design is all they know; the generation is recorded.
    expect(dueStartNotices('same', storage)).toEqual([]);
    await waitFor(() => expect(storage.get(DESIGN_VERSION_KEY)).toBe(DESIGN_VERSION));
    expect(dueStartNotices('same', storage)).toEqual([]);
    // A user who last started on an older design sees it once.
    const returning = fakeUserStorage([{ key: DESIGN_VERSION_KEY, value: DESIGN_VERSION - 1 }]).storage;
    expect(dueStartNotices('same', returning)).toEqual(['design-notice']);
    await waitFor(() => expect(returning.get(DESIGN_VERSION_KEY)).toBe(DESIGN_VERSION));
    expect(dueStartNotices('same', returning)).toEqual([]);
  });

  it('introduces the layout with one action', async () => {
    const user = userEvent.setup();
    const { storage } = fakeUserStorage();
    renderHost(storage);
    const shown = showDesignNotice(context());
    const paper = await dialog('Welcome to the new Acme Cloud');
    expect(within(paper).getByText('Side navigation')).toBeTruthy();
    expect(within(paper).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(button(paper, 'Got it'));
    await shown;
  });

  it("spec §4: 'Do not show this again' stores the user preference, and the notice is due no more", async () => {
    const user = userEvent.setup();
    const { storage, calls } = fakeUserStorage();
    renderHost(storage);
    const shown = showDesignNotice(context());
    const paper = await dialog('Welcome to the new Acme Cloud');
    await user.click(within(paper).getByRole('checkbox', { name: 'Do not show this again' }));
    await user.click(button(paper, 'Got it'));
    await shown;
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          url: '/storage',
          body: { key: reminderStorageKey(DESIGN_NOTICE_REMINDER), value: true },
        },
      ]),
    );
    await storage.set(DESIGN_VERSION_KEY, DESIGN_VERSION - 1);
    expect(dueStartNotices('same', storage)).toEqual([]);
  });

  it('after an update, the update notice comes first', () => {
    const older = () => fakeUserStorage([{ key: DESIGN_VERSION_KEY, value: DESIGN_VERSION - 1 }]).storage;
    expect(dueStartNotices('updated', older())).toEqual(['update-notice', 'design-notice']);
    expect(dueStartNotices('updated', fakeUserStorage().storage)).toEqual(['update-notice']);
    expect(dueStartNotices('first-visit', older())).toEqual(['design-notice']);
  });
});
