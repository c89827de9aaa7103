// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectionStore, useSelection } from './selection-store.ts';

afterEach(cleanup);

describe('SelectionStore (spec §3 "keyed by name, holds the last stored selection")', () => {
  it('set then get — gives the stored selection under its name', () => {
    // Arrange
    const store = new SelectionStore();

    // Act
    store.set('devices', [1, 2]);

    // Assert
    expect(store.get('devices')).toEqual([1, 2]);
    expect(store.get('users')).toBeUndefined();
  });

  it('a second set under the same name — replaces the first: only the last selection is held', () => {
    // Arrange
    const store = new SelectionStore();
    store.set('devices', [1, 2]);

    // Act
    store.set('devices', [3]);

    // Assert
    expect(store.get('devices')).toEqual([3]);
  });

  it('clear with a name — forgets that selection only', () => {
    // Arrange
    const store = new SelectionStore();
    store.set('devices', [1]);
    store.set('users', ['ada']);

    // Act
    store.clear('devices');

    // Assert
    expect(store.get('devices')).toBeUndefined();
    expect(store.get('users')).toEqual(['ada']);
  });

  it('clear without a name — forgets every selection', () => {
    // Arrange
    const store = new SelectionStore();
    store.set('devices', [1]);
    store.set('users', ['ada']);

    // Act
    store.clear();

    // Assert
    expect([store.get('devices'), store.get('users')]).toEqual([undefined, undefined]);
  });

  it('subscribers — hear the changes of their own name only, and no repeat of the same value', () => {
    // Arrange
    const store = new SelectionStore();
    const devices = vi.fn();
    const users = vi.fn();
    store.subscribe('devices', devices);
    const unsubscribeUsers = store.subscribe('users', users);
    const rows = [1];

    // Act
    store.set('devices', rows);
    store.set('devices', rows);
    store.clear('devices');
    store.clear('devices');
    unsubscribeUsers();
    store.set('users', ['ada']);

    // Assert
    expect(devices).toHaveBeenCalledTimes(2);
    expect(users).not.toHaveBeenCalled();
  });
});

describe('useSelection', () => {
  it('a stored, replaced and cleared selection — re-renders with each value', () => {
    // Arrange
    const store = new SelectionStore();
    store.set('devices', [1]);
    const { result } = renderHook(() => useSelection<number[]>('devices', store));
    const first = result.current;

    // Act
    act(() => store.set('devices', [2, 3]));
    const second = result.current;
    act(() => store.clear('devices'));

    // Assert
    expect(first).toEqual([1]);
    expect(second).toEqual([2, 3]);
    expect(result.current).toBeUndefined();
  });

  it('another name — follows the selection of the new name', () => {
    // Arrange
    const store = new SelectionStore();
    store.set('devices', [1]);
    store.set('users', ['ada']);
    const { result, rerender } = renderHook(({ name }) => useSelection(name, store), {
      initialProps: { name: 'devices' },
    });

    // Act
    rerender({ name: 'users' });
    act(() => store.set('devices', [9]));

    // Assert
    expect(result.current).toEqual(['ada']);
  });
});
