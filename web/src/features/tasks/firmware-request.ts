/**
 * The Update firmware form's values and the request they make (POST /devices/tasks/groups and its
 * dry run), and where the API's refusals go back on the form.
 */

export type Target = 'chosen' | 'tag' | 'model';

export interface Values {
  target: Target;
  tagId: string;
  model: string;
  fileId: string;
  startsAt: string;
  windowOn: boolean;
  windowStart: string;
  windowEnd: string;
  canary: string;
  waves: string;
  threshold: string;
  deadline: string;
}

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The request of POST /devices/tasks/groups (and its preview) these values make. */
export function requestOf(values: Values, ids: readonly number[]) {
  const target =
    values.target === 'chosen'
      ? { device_ids: ids }
      : values.target === 'tag'
        ? { filter: { tag_id: numberOrUndefined(values.tagId) } }
        : { filter: { model: values.model.trim() || undefined } };
  return {
    action: 'firmware.update',
    ...target,
    file_id: numberOrUndefined(values.fileId),
    ...(values.startsAt ? { starts_at: new Date(values.startsAt).toISOString() } : {}),
    ...(values.windowOn ? { window: { start: values.windowStart, end: values.windowEnd } } : {}),
    canary_percent: numberOrUndefined(values.canary),
    wave_count: numberOrUndefined(values.waves),
    failure_threshold: numberOrUndefined(values.threshold),
    deadline_hours: numberOrUndefined(values.deadline),
  };
}

/** The form field an error item of the API belongs to. */
export const FIELD_OF: Record<string, keyof Values> = {
  device_ids: 'target',
  'filter.tag_id': 'tagId',
  'filter.model': 'model',
  file_id: 'fileId',
  starts_at: 'startsAt',
  'window.start': 'windowStart',
  'window.end': 'windowEnd',
  canary_percent: 'canary',
  wave_count: 'waves',
  failure_threshold: 'threshold',
  deadline_hours: 'deadline',
};

/** The campaign's number fields: its key, label, bounds (the contract's) and test id. */
export const CAMPAIGN_FIELDS = [
  { key: 'canary', label: 'tasks.firmware.canary', min: 1, max: 50, testId: 'firmware-canary' },
  { key: 'waves', label: 'tasks.firmware.waves', min: 1, max: 20, testId: 'firmware-waves' },
  { key: 'threshold', label: 'tasks.firmware.threshold', min: 1, max: 100, testId: 'firmware-threshold' },
  { key: 'deadline', label: 'tasks.firmware.deadline', min: 1, max: 720, testId: 'firmware-deadline' },
] as const satisfies readonly {
  key: keyof Values;
  label: string;
  min: number;
  max: number;
  testId: string;
}[];
