import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml without a DOM', () => {
  it('node environment — throws instead of returning the HTML untouched (DOMPurify would)', () => {
    // Arrange
    const html = '<img src=x onerror=alert(1)>';

    // Act
    const sanitize = () => sanitizeHtml(html);

    // Assert
    expect(sanitize).toThrow('sanitizeHtml needs a DOM');
  });
});
