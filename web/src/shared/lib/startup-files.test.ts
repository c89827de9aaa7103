// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadStartupFiles, STARTUP_FILES_ID } from './startup-files.ts';

function listFiles(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = STARTUP_FILES_ID;
  script.textContent = text;
  document.head.append(script);
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('start-up files (src/main.tsx stages)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.useRealTimers();
  });

  it('preloads every listed file once, as a module, keeping links already there', () => {
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = '/assets/framework-1.js';
    document.head.append(existing);
    listFiles(JSON.stringify(['/assets/framework-1.js', '/assets/i18n-2.js', '/assets/App-3.js']));
    expect(preloadStartupFiles(document)).toBe(2);
    expect(preloads()).toEqual(['/assets/framework-1.js', '/assets/i18n-2.js', '/assets/App-3.js']);
    const added = document.head.querySelector<HTMLLinkElement>('link[href="/assets/App-3.js"]');
    expect(added?.crossOrigin).toBe('');
  });

  it('adds nothing without a list, from a broken list, or for entries outside /assets/', () => {
    expect(preloadStartupFiles(document)).toBe(0);
    listFiles('{not json');
    expect(preloadStartupFiles(document)).toBe(0);
    document.head.innerHTML = '';
    listFiles(JSON.stringify(['https://evil.example/x.js', '//evil.example/y.js', 7, '/assets/ok.js']));
    expect(preloadStartupFiles(document)).toBe(1);
    expect(preloads()).toEqual(['/assets/ok.js']);
  });

  it('waits for two frames and a task after them; at most the fallback when no frame comes', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const visible = { visibilityState: 'visible' as DocumentVisibilityState };
    let painted = false;
    void afterFirstPaint(visible, 1000).then(() => {
      painted = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    frames[0]?.(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).toBe(false);
    frames[1]?.(16);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).toBe(true);

    let late = false;
    void afterFirstPaint(visible, 1000).then(() => {
      late = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(late).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(late).toBe(true);
    vi.restoreAllMocks();
  });

  it('does not wait in a hidden tab, which paints no frames', async () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint({ visibilityState: 'hidden' });
    expect(frame).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
