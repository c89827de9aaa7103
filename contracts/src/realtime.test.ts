import { describe, expect, it } from 'vitest';
import {
  ACTION_STATUS_EVENT,
  APP_VERSION_RELEASED,
  actionStatusChannel,
  companyChannel,
  DEVICE_STATUS_EVENT,
  NOTIFICATION_CREATED_EVENT,
  notificationsChannel,
  REALTIME_EVENTS,
  realtimePayloadSchemas,
  USER_CHANGED_EVENT,
} from './realtime.ts';

describe('the realtime catalogue', () => {
  it('has one payload schema per event name, and the names the console listens for', () => {
    expect(Object.keys(realtimePayloadSchemas).sort()).toEqual(Object.values(REALTIME_EVENTS).sort());
    expect(REALTIME_EVENTS).toEqual({
      notificationCreated: 'WebNotificationCreated',
      userChanged: 'UserChanged',
      appVersionReleased: 'AppVersionReleased',
      actionStatusUpdated: 'ActionStatusUpdated',
      deviceStatusChanged: 'DeviceStatusChanged',
      taskChanged: 'TaskChanged',
    });
  });

  it('names the channels as the API authorises them', () => {
    expect(notificationsChannel(7)).toBe('private-notifications.7');
    expect(actionStatusChannel('3f2a')).toBe('private-status.3f2a');
    expect(companyChannel(4, 'subtree-devices')).toBe('private-company.4.subtree-devices');
  });

  it.each([
    [
      NOTIFICATION_CREATED_EVENT,
      {
        id: 1,
        type: 'announcement',
        summary: 'Maintenance tonight',
        data: { announcement_id: 3 },
        created_at: '2026-01-01T00:00:00.000Z',
        seen_at: null,
      },
    ],
    [USER_CHANGED_EVENT, { user_id: 4 }],
    [USER_CHANGED_EVENT, { session_ended: true }],
    [
      APP_VERSION_RELEASED,
      { version: '1767000000000-3f2a9c1b', released_at: '2026-01-01T00:00:00.000Z', channel: 'public-app' },
    ],
    [ACTION_STATUS_EVENT, { channel: 'private-status.x', items: [{ id: 5, name: 'RUT', state: 'failed' }] }],
    [DEVICE_STATUS_EVENT, { id: 5, status: 'online', last_seen_at: null }],
  ] as const)('%s takes what the API sends: %j', (event, payload) => {
    expect(realtimePayloadSchemas[event].safeParse(payload).success).toBe(true);
  });

  it.each([
    [
      NOTIFICATION_CREATED_EVENT,
      { id: 1, type: 'x', summary: 's', data: {}, created_at: 'now', seen_at: 'now' },
    ],
    [USER_CHANGED_EVENT, { session_ended: false }],
    [APP_VERSION_RELEASED, { version: 'v', released_at: 'now', channel: 'private-devices' }],
    [DEVICE_STATUS_EVENT, { id: 5, status: 'asleep', last_seen_at: null }],
  ] as const)('%s refuses a payload that is not its own: %j', (event, payload) => {
    expect(realtimePayloadSchemas[event].safeParse(payload).success).toBe(false);
  });
});
