// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangelogContent } from './ChangelogContent.tsx';
import { markdownToHtml } from './markdown.ts';

afterEach(cleanup);

describe('/changelog (spec §2 route)', () => {
  it("renders the repository's CHANGELOG.md under the page heading: no second h1, sections as h2/h3", () => {
    render(<ChangelogContent />);
    const changelog = screen.getByTestId('changelog');
    expect(changelog.querySelector('h1')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: '[Unreleased]' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toContain(
      'Added',
    );
    expect(changelog.querySelectorAll('li').length).toBeGreaterThan(5);
    expect(screen.getByRole('link', { name: 'Keep a Changelog' }).getAttribute('href')).toBe(
      'https://keepachangelog.com/en/1.1.0/',
    );
  });

  it('spec §9: goes through the sanitiser: links open apart (noopener), and no script reaches the page', () => {
    const html = `${markdownToHtml('[docs](https://fleetport.example)')}<img src="x" onerror="alert(1)"><script>alert(1)</script>`;
    render(<ChangelogContent html={html} />);
    const changelog = screen.getByTestId('changelog');
    expect(screen.getByRole('link', { name: 'docs' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(changelog.querySelector('script')).toBeNull();
    expect(changelog.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  });

  it('a javascript: link in the changelog does not survive', () => {
    render(
      <ChangelogContent
        html={markdownToHtml('[run](javascript:alert(1)) and [x]\n\n[x]: javascript:void(0)')}
      />,
    );
    const changelog = screen.getByTestId('changelog');
    expect(changelog.querySelector('a')).toBeNull();
    expect(changelog.innerHTML).not.toMatch(/javascript:/i);
    expect(changelog.textContent).toContain('run');
  });
});
