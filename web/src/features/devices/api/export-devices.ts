/** GET /devices/export: every device matching the list's filters and search, as CSV (streamed). */
export function exportDevices(params: Record<string, string>): Promise<void> {
  return import('../../../shared/api/download.ts').then(({ downloadFile }) =>
    downloadFile(`/devices/export?${new URLSearchParams(params)}`, 'devices.csv'),
  );
}
