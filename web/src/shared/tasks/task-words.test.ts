import {
  TASK_STATES as CONTRACT_TASK_STATES,
  TASK_ACTIONS,
  TASK_GROUP_STATES,
  TASK_MESSAGE_CODES,
  type TaskCounts,
} from '@fleetport/contracts/tasks';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { taskMessage } from './task-messages.ts';
import {
  ACTIONS,
  GROUP_STATES,
  groupSentence,
  pausedReason,
  progressText,
  TASK_STATES,
} from './task-words.ts';

const counts = (values: Partial<TaskCounts>): TaskCounts => ({
  queued: 0,
  sent: 0,
  in_progress: 0,
  succeeded: 0,
  failed: 0,
  cancelled: 0,
  expired: 0,
  ...values,
});

describe('the Task manager words (spec §2 Task manager)', () => {
  it("keeps the page's vocabularies the same as the contract's (they are copied to keep zod out of the page)", () => {
    expect(GROUP_STATES).toEqual(TASK_GROUP_STATES);
    expect(TASK_STATES).toEqual(CONTRACT_TASK_STATES);
    expect(ACTIONS).toEqual(TASK_ACTIONS);
  });

  it('says what a group does in both languages, the command as the user wrote it', async () => {
    if (!i18next.isInitialized) initI18n(['en']);
    await i18next.loadLanguages('ja');
    const en = i18next.getFixedT('en');
    const ja = i18next.getFixedT('ja');
    const cli = { action: 'cli', summary: 'uptime' } as const;
    expect(groupSentence(en, cli)).toBe('CLI: uptime');
    expect(groupSentence(ja, cli)).toBe('CLI コマンド: uptime');
    expect(groupSentence(en, { action: 'reboot', summary: null })).toBe('Reboot');
    expect(groupSentence(en, { action: 'refresh', summary: null })).toBe('Fresh readings');
    expect(groupSentence(ja, { action: 'reboot', summary: null })).toBe('再起動');
    expect(groupSentence(en, { action: 'firmware.update', summary: 'RUT9_R_00.07.09' })).toBe(
      'Firmware update to RUT9_R_00.07.09',
    );
    expect(groupSentence(en, { action: 'backup.upload', summary: null })).toBe('Backup upload');
    // A configuration change names its sections by their titles, never by the device's names for them.
    const change = { action: 'config.write', summary: 'wireless.ap1, ntp' } as const;
    expect(groupSentence(en, change)).toBe('Configuration change: Wi-Fi network 2, Time (NTP)');
    expect(groupSentence(ja, change)).not.toContain('wireless.ap1');
    // Markup in a command stays text: the sentence is never parsed (i18next does not escape; React does).
    expect(groupSentence(en, { action: 'cli', summary: '<b>ls</b> && {{x}}' })).toBe(
      'CLI: <b>ls</b> && {{x}}',
    );
  });

  it('counts what has ended as done, and names the failures', () => {
    if (!i18next.isInitialized) initI18n(['en']);
    const en = i18next.getFixedT('en');
    expect(progressText(en, counts({ succeeded: 9, failed: 3, queued: 38 }), 50)).toBe(
      '12 / 50 done, 3 failed',
    );
    expect(progressText(en, counts({ succeeded: 2, cancelled: 1, expired: 1, sent: 1 }), 5)).toBe(
      '4 / 5 done',
    );
  });

  it("says the engine's words in the user's language, and the device's as it wrote them", async () => {
    if (!i18next.isInitialized) initI18n(['en']);
    await i18next.loadLanguages('ja');
    const en = i18next.getFixedT('en');
    const ja = i18next.getFixedT('ja');
    // Every code the engine writes has its words in both languages.
    for (const code of TASK_MESSAGE_CODES) {
      expect(i18next.exists(`tasks.messages.${code}`, { lng: 'en' }), code).toBe(true);
      expect(i18next.exists(`tasks.messages.${code}`, { lng: 'ja' }), code).toBe(true);
    }
    const online = {
      message: 'Back online after 4 s.',
      message_code: 'back_online',
      message_args: { seconds: 4 },
    } as const;
    expect(taskMessage(en, online)).toBe('Back online after 4 s.');
    expect(taskMessage(ja, online)).toBe('4 秒後にオンラインに戻りました。');
    const notRun = {
      message: 'Not run: step 2 (CLI command) did not succeed.',
      message_code: 'step_not_run',
      message_args: { step: 2, action: 'cli' },
    } as const;
    expect(taskMessage(en, notRun)).toBe('Not run: step 2 (CLI command) did not succeed.');
    expect(taskMessage(ja, notRun)).toBe(
      '実行されませんでした：ステップ 2（CLI コマンド）が成功しなかったためです。',
    );
    // A device's own words: as it wrote them, in any language.
    expect(taskMessage(ja, { message: 'uptime: not found', message_code: null })).toBe('uptime: not found');
    expect(taskMessage(en, { message: null })).toBeNull();
  });

  it("says why a campaign paused itself in the user's language", async () => {
    if (!i18next.isInitialized) initI18n(['en']);
    await i18next.loadLanguages('ja');
    const en = i18next.getFixedT('en');
    const ja = i18next.getFixedT('ja');
    const canary = {
      paused_reason: 'The canary: 2 of 5 devices failed (40 %), above the 20 % threshold.',
      paused_args: { wave: 0, canary: true, failed: 2, ended: 5, threshold: 20 },
    };
    expect(pausedReason(en, canary)).toBe(canary.paused_reason);
    expect(pausedReason(ja, canary)).toBe(
      'カナリア：5 台中 2 台が失敗しました（40%）。しきい値 20% を超えています。',
    );
    const wave = {
      paused_reason: 'x',
      paused_args: { wave: 2, canary: false, failed: 1, ended: 3, threshold: 10 },
    };
    expect(pausedReason(en, wave)).toBe('Wave 2: 1 of 3 devices failed (33 %), above the 10 % threshold.');
    // A reason written before the values were kept: its English words.
    expect(pausedReason(ja, { paused_reason: 'Old reason.', paused_args: null })).toBe('Old reason.');
  });
});
