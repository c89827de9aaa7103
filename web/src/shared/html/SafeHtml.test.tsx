// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml.tsx';

afterEach(cleanup);

describe('SafeHtml', () => {
  it('untrusted HTML — is rendered sanitised, links opening in a new tab (spec §9 "Sanitizer")', () => {
    // Arrange
    const html =
      '<b>Hi</b><img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a>';

    // Act
    const { container } = render(<SafeHtml html={html} component="span" />);

    // Assert
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('SPAN');
    expect(root?.innerHTML).toBe(
      '<b>Hi</b><img src="x"><a>bad</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
    );
  });
});
