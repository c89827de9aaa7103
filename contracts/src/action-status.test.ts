import { describe, expect, it } from 'vitest';
import { actionStatusEventSchema, FINISHED_ACTION_ITEM_STATES } from './action-status.ts';

describe('actionStatusEventSchema', () => {
  it('accepts the progress of items on a channel, with or without a name and message', () => {
    const event = {
      channel: 'private-actions.42',
      items: [
        { id: 7, name: 'RUT-1', state: 'running' },
        { id: 'task-9', state: 'failed', message: 'Device is offline' },
      ],
    };
    expect(actionStatusEventSchema.parse(event)).toEqual(event);
  });

  it.each([
    ['an unknown state', { channel: 'c', items: [{ id: 1, state: 'done' }] }],
    ['no items', { channel: 'c', items: [] }],
    ['no channel', { items: [{ id: 1, state: 'pending' }] }],
    ['an empty id', { channel: 'c', items: [{ id: '', state: 'pending' }] }],
  ])('refuses %s', (_case, event) => {
    expect(actionStatusEventSchema.safeParse(event).success).toBe(false);
  });

  it('counts succeeded and failed as finished, pending and running as not', () => {
    expect([...FINISHED_ACTION_ITEM_STATES].sort()).toEqual(['failed', 'succeeded']);
  });
});
