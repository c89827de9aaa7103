import type { TaskList } from '@fleetport/contracts/tasks';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/lib/i18n.ts';
import {
  addStep,
  canAddStep,
  changeStep,
  checkedRequest,
  draftOf,
  draftProblems,
  firmwareTakenElsewhere,
  moveStep,
  newStep,
  removeStep,
  requestOf,
  serverProblems,
  type TaskListDraft,
} from './task-list-form.ts';

/**
 * The task list editor's rules (Execute task list): steps added, removed and moved in order,
 * the request the API takes, the API's own schema checked before sending, and each refusal of
 * the API placed on the field it names.
 */
let t: TFunction;
beforeAll(async () => {
  initI18n(['en']);
  await i18next.loadLanguages('ja');
  t = i18next.getFixedT('en');
});

const refused = (status: number, errors: { source?: string; message: string; code?: string }[]) => {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, data: { errors }, headers: {}, config, statusText: '' } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', config, {}, response);
};

const draft = (steps: TaskListDraft['steps'], name = 'Nightly upgrade'): TaskListDraft => ({
  name,
  companyId: 3,
  steps,
});

describe('the steps', () => {
  it('are added up to ten, moved up and down keeping their rows, and one always stays', () => {
    let steps = [newStep('refresh')];
    steps = addStep(steps);
    steps = changeStep(steps, 1, { action: 'cli', command: 'uptime' });
    steps = addStep(steps);
    steps = changeStep(steps, 2, { action: 'reboot' });
    const keys = steps.map((step) => step.key);

    const moved = moveStep(steps, 2, -1);
    expect(moved.map((step) => step.action)).toEqual(['refresh', 'reboot', 'cli']);
    expect(moved.map((step) => step.key)).toEqual([keys[0], keys[2], keys[1]]);
    // At an end nothing moves.
    expect(moveStep(steps, 0, -1)).toEqual(steps);
    expect(moveStep(steps, 2, 1)).toEqual(steps);

    expect(removeStep(steps, 1).map((step) => step.action)).toEqual(['refresh', 'reboot']);
    expect(removeStep([newStep()], 0)).toHaveLength(1);

    let ten = steps;
    while (canAddStep(ten)) ten = addStep(ten);
    expect(ten).toHaveLength(10);
    expect(addStep(ten)).toHaveLength(10);
  });

  it('offer the firmware update to one step only', () => {
    const steps = [newStep('firmware.update'), newStep('reboot')];
    expect(firmwareTakenElsewhere(steps, 1)).toBe(true);
    expect(firmwareTakenElsewhere(steps, 0)).toBe(false);
  });
});

describe('the request', () => {
  it('is what POST /devices/task-lists takes: each step with what its action needs, the name trimmed', () => {
    const values = draft(
      [
        { ...newStep('refresh'), command: 'left over' },
        { ...newStep('cli'), command: 'uptime' },
        { ...newStep('firmware.update'), fileId: '41' },
        newStep('reboot'),
      ],
      '  Nightly upgrade ',
    );
    expect(checkedRequest(values)).toEqual({
      name: 'Nightly upgrade',
      company_id: 3,
      steps: [
        { action: 'refresh' },
        { action: 'cli', command: 'uptime' },
        { action: 'firmware.update', file_id: 41 },
        { action: 'reboot' },
      ],
    });
    expect(draftProblems(t, values).fields).toEqual({});
  });

  it('is refused before it is sent, each problem on its field: the name, a command, an image', () => {
    const values = draft([newStep('refresh'), newStep('cli'), newStep('firmware.update')], ' ');
    expect(checkedRequest(values)).toBeUndefined();
    expect(draftProblems(t, values).fields).toEqual({
      name: 'This field is required',
      'steps.1.command': 'This field is required',
      'steps.2.file_id': 'This field is required',
    });
    const tooLong = draft([{ ...newStep('cli'), command: 'x'.repeat(1001) }]);
    expect(draftProblems(t, tooLong).fields).toEqual({ 'steps.0.command': 'Enter at most 1000 characters' });
  });

  it('says a second firmware update in its own words', () => {
    const twice = draft([
      { ...newStep('firmware.update'), fileId: '4' },
      { ...newStep('firmware.update'), fileId: '5' },
    ]);
    expect(draftProblems(t, twice).fields).toEqual({ steps: 'A list updates the firmware once at most.' });
  });
});

describe('a saved list to edit', () => {
  it('keeps its steps, and asks again for an image deleted since', () => {
    const list: TaskList = {
      id: 9,
      name: 'Nightly upgrade',
      company_id: 2,
      company_name: 'Acme East',
      steps: [
        { action: 'cli', command: 'uptime' },
        { action: 'firmware.update', file_id: 41, file_name: null, version: null },
      ],
      created_by_email: 'ada@example.com',
      updated_at: '2026-03-01T10:00:00.000Z',
      editable: true,
    };
    const values = draftOf(list, 1);
    expect(values.companyId).toBe(2);
    expect(requestOf(values).steps).toEqual([
      { action: 'cli', command: 'uptime' },
      { action: 'firmware.update', file_id: undefined },
    ]);
    expect(draftOf(undefined, 1)).toMatchObject({ name: '', companyId: 1, steps: [{ action: 'refresh' }] });
  });
});

describe("the API's refusals", () => {
  it("go to the step they name, in the API's words; what has no field goes above the form", () => {
    const problems = serverProblems(
      t,
      refused(422, [
        { source: 'steps.2.file_id', message: 'Choose a firmware file you can see.' },
        { source: 'steps.0.command', message: 'Enter a command.' },
        { message: 'Something else.' },
      ]),
    );
    expect(problems).toEqual({
      fields: {
        'steps.2.file_id': 'Choose a firmware file you can see.',
        'steps.0.command': 'Enter a command.',
      },
      general: ['Something else.'],
    });
  });

  it("say a taken name on the name, in the user's language", () => {
    const problems = serverProblems(
      t,
      refused(409, [
        { source: 'name', code: 'CONFLICT', message: 'This company already has a task list with this name.' },
      ]),
    );
    expect(problems.fields).toEqual({ name: 'This company already has a task list with this name.' });
    const ja = serverProblems(i18next.getFixedT('ja'), refused(409, [{ source: 'name', message: 'taken' }]));
    expect(ja.fields.name).toBe('この会社にはすでに同じ名前のタスクリストがあります。');
  });
});
