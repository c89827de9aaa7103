// @vitest-environment jsdom
import type { AuditLogEntry } from '@fleetport/contracts/audit';
import { AUDIT_EVENTS } from '@fleetport/contracts/audit-events';
import { render, screen } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { detailRows } from './details.ts';
import { HistoryDetails } from './HistoryDetails.tsx';
import { type HistoryEntry, historySentence } from './sentence.ts';

/**
 * Issue 30 "History people can read" (spec §2 Action logs, device activity): each event type is a
 * sentence with who, what and how it ended, in English and Japanese; untrusted values stay text;
 * no route or internal name ever shows.
 */
const HOSTILE = '<img src=x onerror=alert(1)>';
const ada = { user_name: 'Ada Admin', user_email: 'admin@acme.example' };
const SIGNED_OUT = new Set(['user.join', 'company.invite_accept']);
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, seconds)).toISOString();

let en: TFunction;
let ja: TFunction;
beforeAll(async () => {
  initI18n(['en']);
  await i18next.loadLanguages('ja');
  en = i18next.getFixedT('en');
  ja = i18next.getFixedT('ja');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});

const sentence = (t: TFunction, entry: HistoryEntry, deviceId?: number) =>
  historySentence(t, entry, { language: t === ja ? 'ja' : 'en', deviceId });

describe('historySentence', () => {
  it('says who rebooted the device and when it was back; a refresh reads otherwise', () => {
    const reboot: HistoryEntry = {
      ...ada,
      event: 'device.reboot',
      after: { action: 'reboot' },
      outcome: { state: 'succeeded', message: null, started_at: at(0), finished_at: at(6) },
    };
    expect(sentence(en, reboot)).toBe('Ada Admin rebooted the device; back online after 6 seconds');
    expect(sentence(ja, reboot)).toBe('Ada Admin がデバイスを再起動しました（6 秒後にオンラインに復帰）');
    const refresh: HistoryEntry = { ...ada, event: 'device.refresh', outcome: reboot.outcome };
    expect(sentence(en, refresh)).toBe('Ada Admin asked the device for fresh readings; succeeded');
    expect(sentence(ja, refresh)).toBe('Ada Admin がデバイスに最新の測定値を要求しました（成功）');
    // Still running (or never answered): nothing is claimed.
    const running: HistoryEntry = {
      ...reboot,
      outcome: { ...reboot.outcome, state: 'running', finished_at: null },
    } as HistoryEntry;
    expect(sentence(en, running)).toBe('Ada Admin rebooted the device');
  });

  it('quotes a CLI command and a failure as the device said it, as text', () => {
    const cli: HistoryEntry = {
      ...ada,
      event: 'device.cli',
      after: { command: 'ifconfig' },
      outcome: { state: 'failed', message: 'sh: ifconfig: not found', started_at: at(0), finished_at: at(1) },
    };
    expect(sentence(en, cli)).toBe(
      'Ada Admin ran “ifconfig” in the device CLI; failed: sh: ifconfig: not found',
    );
    expect(sentence(ja, cli)).toBe(
      'Ada Admin がデバイスのCLIで「ifconfig」を実行しました（失敗：sh: ifconfig: not found）',
    );
  });

  it('says what a task group was started for, on how many devices, and how many waiting tasks were cancelled', () => {
    const cli: HistoryEntry = {
      ...ada,
      event: 'task.create',
      after: { action: 'cli', command: 'uptime', device_ids: [1, 2, 3] },
    };
    expect(sentence(en, cli)).toBe('Ada Admin scheduled “uptime” in the CLI of 3 devices');
    expect(sentence(ja, cli)).toBe('Ada Admin が3台のデバイスのCLIで「uptime」の実行を予定しました');
    const reboot: HistoryEntry = {
      ...ada,
      event: 'task.create',
      after: { action: 'reboot', device_ids: [1] },
    };
    expect(sentence(en, reboot)).toBe('Ada Admin scheduled a reboot of 1 device');
    const cancel: HistoryEntry = { ...ada, event: 'task.cancel', after: { group_id: 4, cancelled: 12 } };
    expect(sentence(en, cancel)).toBe('Ada Admin cancelled 12 waiting tasks');
    expect(sentence(ja, cancel)).toBe('Ada Admin が待機中のタスク12件をキャンセルしました');
  });

  it('names a rename and the settings changed; a bulk move counts the other devices on a device page', () => {
    const rename: HistoryEntry = {
      ...ada,
      event: 'device.update',
      before: { name: 'Depot 7', monitoring: true, status: 'online' },
      after: { name: 'Depot 8', monitoring: false, status: 'offline' },
    };
    expect(sentence(en, rename)).toBe('Ada Admin renamed the device to “Depot 8” and changed its monitoring');
    expect(sentence(ja, rename)).toBe('Ada Admin がデバイスの名前を「Depot 8」に変更し、監視も変更しました');
    const move: HistoryEntry = { ...ada, event: 'device.bulk', after: { action: 'move', ids: [4, 5, 6] } };
    expect(sentence(en, move, 5)).toBe('Ada Admin moved the device to another company with 2 other devices');
    expect(sentence(en, move)).toBe('Ada Admin moved 3 devices to another company');
    expect(sentence(ja, move, 5)).toBe('Ada Admin がこのデバイスを他の2台とともに別の会社に移動しました');
    expect(sentence(en, { ...move, after: { action: 'move', ids: [5] } }, 5)).toBe(
      'Ada Admin moved the device to another company',
    );
    // A move that recorded its company names it.
    const named: HistoryEntry = {
      ...move,
      after: { action: 'move', ids: [4, 5, 6], company_id: 9, company_name: 'Acme Berlin' },
    };
    expect(sentence(en, named)).toBe('Ada Admin moved 3 devices to Acme Berlin');
    expect(sentence(en, named, 5)).toBe('Ada Admin moved the device to Acme Berlin with 2 other devices');
    expect(sentence(ja, named, 5)).toBe('Ada Admin がこのデバイスを他の2台とともにAcme Berlinに移動しました');
  });

  it('says who invited whom as what, and who acted for whom while impersonating', () => {
    const invite: HistoryEntry = {
      user_name: 'Uma User',
      actor_user_id: 1,
      actor_name: 'Sam Super',
      event: 'user.invite',
      after: { email: 'bob@x.example', role_title: 'Viewer' },
    };
    expect(sentence(en, invite)).toBe('Sam Super (as Uma User) invited bob@x.example as Viewer');
    expect(sentence(ja, invite)).toBe(
      'Sam Super（Uma User として） が bob@x.example をViewerとして招待しました',
    );
  });

  it('reads an entry without an event type, or of a type it does not know, as a generic sentence, never a route', () => {
    const old: HistoryEntry = { ...ada, event: null, entity: 'device', after: { name: 'x' } };
    expect(sentence(en, old)).toBe('Ada Admin changed the device');
    expect(sentence(ja, old)).toBe('Ada Admin がデバイスを変更しました');
    expect(sentence(en, { event: null })).toBe('Someone made a change');
    expect(sentence(en, { ...ada, event: 'storage.create' })).toBe(
      'Ada Admin changed their console settings',
    );
    expect(sentence(en, { ...ada, event: 'device.bulk', after: { action: 'explode', ids: [1] } })).toBe(
      'Ada Admin changed the device',
    );
    expect(sentence(en, { ...ada, event: 'nothing.known', entity: 'widgets' })).toBe(
      'Ada Admin made a change',
    );
  });

  it('says what kind of file was uploaded where, and with whom a file was shared', () => {
    const upload: HistoryEntry = {
      ...ada,
      event: 'file.upload',
      after: { name: 'RUT_R_00.07.09.bin', kind: 'firmware', global: false, company_name: 'Acme' },
    };
    expect(sentence(en, upload)).toBe('Ada Admin uploaded firmware “RUT_R_00.07.09.bin” to Acme');
    expect(sentence(ja, upload)).toBe(
      'Ada Admin がファームウェア「RUT_R_00.07.09.bin」をAcmeにアップロードしました',
    );
    const global: HistoryEntry = {
      ...ada,
      event: 'file.delete',
      before: { name: 'TRB1.bin', kind: 'firmware', global: true, company_name: null },
    };
    expect(sentence(en, global)).toBe(
      'Ada Admin deleted firmware “TRB1.bin” from the global firmware catalogue',
    );
    // An entry written before files had kinds names the file only.
    expect(sentence(en, { ...ada, event: 'file.upload', after: { name: 'old.txt' } })).toBe(
      'Ada Admin uploaded the file “old.txt”',
    );
    const shared = (names: string[]): HistoryEntry => ({
      ...ada,
      event: 'file.permissions',
      after: { name: 'fw.bin', shared_with: names },
    });
    expect(sentence(en, shared(['Acme East']))).toBe('Ada Admin shared the file “fw.bin” with Acme East');
    expect(sentence(en, shared(['Acme East', 'Acme West']))).toBe(
      'Ada Admin shared the file “fw.bin” with 2 companies: Acme East, Acme West',
    );
    expect(sentence(en, shared([]))).toBe('Ada Admin stopped sharing the file “fw.bin”');
  });

  it('names a task list and counts its steps; a rename says both names; a run names the list', () => {
    const after = {
      name: 'Nightly upgrade',
      company_name: 'Acme',
      steps: ['refresh', 'cli', 'firmware.update', 'reboot'],
    };
    expect(sentence(en, { ...ada, event: 'task_list.create', after })).toBe(
      'Ada Admin created the task list “Nightly upgrade” (4 steps)',
    );
    expect(sentence(ja, { ...ada, event: 'task_list.create', after })).toBe(
      'Ada Admin がタスクリスト「Nightly upgrade」（4手順）を作成しました',
    );
    const before = { ...after, steps: ['refresh'] };
    expect(sentence(en, { ...ada, event: 'task_list.update', before, after })).toBe(
      'Ada Admin changed the task list “Nightly upgrade” (4 steps)',
    );
    expect(
      sentence(en, { ...ada, event: 'task_list.update', before: { ...before, name: 'Nightly' }, after }),
    ).toBe('Ada Admin renamed the task list “Nightly” to “Nightly upgrade” (4 steps)');
    expect(sentence(en, { ...ada, event: 'task_list.delete', before: { ...before, name: HOSTILE } })).toBe(
      `Ada Admin deleted the task list “${HOSTILE}”`,
    );
    const run = { action: 'task_list', summary: 'Nightly upgrade', devices: 12 };
    expect(sentence(en, { ...ada, event: 'task.create', after: run })).toBe(
      'Ada Admin ran the task list “Nightly upgrade” on 12 devices',
    );
    expect(sentence(ja, { ...ada, event: 'task.create', after: run })).toBe(
      'Ada Admin が12台のデバイスでタスクリスト「Nightly upgrade」を実行しました',
    );
  });

  it('has a sentence for every event type in both languages, without a key or a route in it', () => {
    for (const t of [en, ja]) {
      for (const event of AUDIT_EVENTS) {
        const text = sentence(t, { ...ada, event, after: { action: 'move', ids: [1, 2] } });
        // Its own sentence, not the generic one an unknown event type gets; and a filter label.
        expect(text, event).not.toBe(sentence(t, { ...ada, event: `${event}.unknown` }));
        expect(text, event).not.toBe(sentence(t, { ...ada, event: 'unknown.event' }));
        expect(i18next.exists(`history.types.${event}`, { lng: t === ja ? 'ja' : 'en' }), event).toBe(true);
        expect(text, event).not.toMatch(/history\.|events\.|\/[a-z]+\/|POST|PATCH|PUT|DELETE|#/);
        // Accepting an invitation is done signed out: its sentence names the new user's address.
        if (!SIGNED_OUT.has(event)) expect(text, event).toContain('Ada Admin');
      }
    }
  });

  it('renders an untrusted name as text, never as markup', () => {
    const entry: AuditLogEntry = {
      id: 1,
      at: at(0),
      actor_user_id: null,
      user_id: 2,
      company_id: 3,
      action: 'PATCH /devices/:id',
      entity: 'device',
      entity_id: '9',
      hash: 'x',
      user_email: 'admin@acme.example',
      user_name: HOSTILE,
      actor_name: null,
      company_name: 'Acme',
      subject_name: HOSTILE,
      event: 'device.update',
      before: { name: 'Depot' },
      after: { name: HOSTILE },
      outcome: null,
    };
    const { container } = render(
      <>
        <p data-testid="sentence">{sentence(en, entry)}</p>
        <HistoryDetails entry={entry} />
      </>,
    );
    expect(screen.getByTestId('sentence').textContent).toBe(`${HOSTILE} renamed the device to “${HOSTILE}”`);
    expect(screen.getByTestId('history-details').textContent).toContain(HOSTILE);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).not.toContain('/devices/:id');
  });
});

describe('detailRows', () => {
  it('shows what changed, labelled and in words, without ids', () => {
    const rows = detailRows(
      en,
      {
        before: { id: 4, name: 'Depot', monitoring: true, company_id: 2 },
        after: { id: 4, name: 'Depot', monitoring: false, company_id: 3, tags: [{ id: 1, name: 'North' }] },
      },
      'en',
    );
    expect(rows).toEqual([
      { key: 'monitoring', label: 'Monitoring', before: 'Yes', after: 'No' },
      { key: 'tags', label: 'Tags', before: '—', after: 'North' },
    ]);
    expect(detailRows(ja, { after: { command: 'uptime', command_id: 'c0ffee' } }, 'ja')).toEqual([
      { key: 'command', label: 'コマンド', after: 'uptime' },
    ]);
  });
});
