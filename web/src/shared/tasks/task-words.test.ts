import {
  TASK_STATES as CONTRACT_TASK_STATES,
  TASK_ACTIONS,
  TASK_GROUP_STATES,
  type TaskCounts,
} from '@fleetport/contracts/tasks';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { ACTIONS, GROUP_STATES, groupSentence, progressText, TASK_STATES } from './task-words.ts';

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
});
