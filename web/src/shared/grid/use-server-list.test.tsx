// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserStorage } from '../lib/user-storage.ts';
import { listWrapper } from './testing.tsx';
import { useServerList } from './use-server-list.ts';

vi.mock('../lib/api.ts', () => ({
  api: { http: { get: vi.fn(async () => ({ data: { data: [], meta: { total: 0 } } })) } },
}));

afterEach(cleanup);

/** A user's storage as loaded at start-up; `set` records what the list saves. */
function storageWith(entries: Record<string, unknown>) {
  const set = vi.fn(async (_key: string, _value: unknown) => undefined);
  const storage = { get: (key: string) => entries[key], set } as unknown as UserStorage;
  return { storage, set };
}

function renderList(storage: UserStorage) {
  const wrapper = listWrapper(storage);
  return renderHook(() => useServerList({ gridId: 'devices', url: '/devices', queryKey: ['devices'] }), {
    wrapper,
  });
}

// Issue 28 (spec §7 "Storage"): density and column widths are remembered per grid per user, in
// the user's storage, as the column choice is.
describe('useServerList: density and widths in user storage', () => {
  it('starts from the stored density and widths; standard and none when nothing is stored', () => {
    const stored = renderList(
      storageWith({ 'grid.devices.density': 'compact', 'grid.devices.widths': { name: 320 } }).storage,
    );
    expect(stored.result.current.density).toBe('compact');
    expect(stored.result.current.widths).toEqual({ name: 320 });
    const fresh = renderList(storageWith({}).storage);
    expect(fresh.result.current.density).toBe('standard');
    expect(fresh.result.current.widths).toEqual({});
  });

  it('a chosen density shows at once and is saved under grid.<gridId>.density', () => {
    const { storage, set } = storageWith({});
    const { result } = renderList(storage);
    act(() => result.current.setDensity('comfortable'));
    expect(result.current.density).toBe('comfortable');
    expect(set).toHaveBeenCalledWith('grid.devices.density', 'comfortable');
  });

  it('a resized column keeps its width beside the others, saved under grid.<gridId>.widths', () => {
    const { storage, set } = storageWith({ 'grid.devices.widths': { name: 320 } });
    const { result } = renderList(storage);
    act(() => result.current.setWidth('serial', 151.6));
    expect(result.current.widths).toEqual({ name: 320, serial: 152 });
    expect(set).toHaveBeenLastCalledWith('grid.devices.widths', { name: 320, serial: 152 });
  });
});
