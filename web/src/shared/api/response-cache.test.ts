import { describe, expect, it } from 'vitest';
import { isTouchedBy, pathOf, ResponseCache } from './response-cache.ts';

const MINUTES_5 = 5 * 60 * 1000;

describe('ResponseCache', () => {
  it('spec §9: the GET cache keeps at most 100 entries', () => {
    // Arrange
    const cache = new ResponseCache<number>();

    // Act
    for (let index = 1; index <= 101; index += 1) cache.set(`/api/items/${index}`, index, 0);

    // Assert
    expect(cache.size).toBe(100);
    expect(cache.get('/api/items/1', 0)).toBeUndefined();
    expect(cache.get('/api/items/2', 0)).toBe(2);
    expect(cache.get('/api/items/101', 0)).toBe(101);
  });

  it('spec §9: a full GET cache evicts the least recently used entry, not the oldest stored', () => {
    // Arrange
    const cache = new ResponseCache<number>();
    for (let index = 1; index <= 100; index += 1) cache.set(`/api/items/${index}`, index, 0);
    cache.get('/api/items/1', 0);

    // Act
    cache.set('/api/items/101', 101, 0);

    // Assert
    expect(cache.get('/api/items/1', 0)).toBe(1);
    expect(cache.get('/api/items/2', 0)).toBeUndefined();
  });

  it('spec §9: a cached answer lives 5 minutes', () => {
    // Arrange
    const cache = new ResponseCache<string>();
    cache.set('/api/tags', 'fresh', 1000);

    // Act
    const justBefore = cache.get('/api/tags', 1000 + MINUTES_5 - 1);
    const atFiveMinutes = cache.get('/api/tags', 1000 + MINUTES_5);

    // Assert
    expect(justBefore).toBe('fresh');
    expect(atFiveMinutes).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a second answer for the same URL — replaces the first and restarts its 5 minutes', () => {
    // Arrange
    const cache = new ResponseCache<string>();
    cache.set('/api/tags', 'first', 0);

    // Act
    cache.set('/api/tags', 'second', 60_000);

    // Assert
    expect(cache.size).toBe(1);
    expect(cache.get('/api/tags', 60_000 + MINUTES_5 - 1)).toBe('second');
  });

  it('a write to a path — forgets the answers of that path, below it and the collections above it', () => {
    // Arrange
    const cache = new ResponseCache<string>();
    const urls = [
      '/api/tags?limit=100',
      '/api/tags/5',
      '/api/tags/5/devices',
      '/api/tagsets',
      '/api/devices',
    ];
    for (const url of urls) cache.set(url, url, 0);

    // Act
    cache.invalidate('/api/tags/5');

    // Assert
    expect(urls.filter((url) => cache.get(url, 0) !== undefined)).toEqual(['/api/tagsets', '/api/devices']);
  });

  it('an answer asked for before a write — is not stored after it (the write may have changed it)', () => {
    // Arrange
    const cache = new ResponseCache<string>();
    const asked = cache.generation;
    cache.invalidate('/api/tags');

    // Act
    cache.set('/api/tags', 'stale', 0, asked);
    cache.set('/api/devices', 'fresh', 0);

    // Assert
    expect(cache.get('/api/tags', 0)).toBeUndefined();
    expect(cache.get('/api/devices', 0)).toBe('fresh');
  });
});

describe('pathOf and isTouchedBy', () => {
  it.each([
    ['/api/tags?limit=100#x', '/api/tags'],
    ['/api/tags/', '/api/tags'],
    ['https://review.example/api/tags?x=1', 'https://review.example/api/tags'],
  ])('pathOf(%s) is %s', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });

  it.each<[string, string, boolean]>([
    ['/api/tags', '/api/tags', true],
    ['/api/tags?limit=100', '/api/tags', true],
    ['/api/tags/5', '/api/tags', true],
    ['/api/tags', '/api/tags/5', true],
    ['/api/tagsets', '/api/tags', false],
    ['/api/tags', '/api/tagsets', false],
    ['/api/devices/5', '/api/tags/5', false],
  ])('%s is touched by a write to %s: %s', (url, writePath, touched) => {
    expect(isTouchedBy(url, writePath)).toBe(touched);
  });
});
