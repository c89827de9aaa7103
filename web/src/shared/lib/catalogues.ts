import { englishCore } from '../../locales/catalogue-en.ts';
import { japanese } from '../../locales/catalogue-ja.ts';
import admin from '../../locales/en/admin.json';
import device from '../../locales/en/device.json';
import devices from '../../locales/en/devices.json';
import files from '../../locales/en/files.json';
import forms from '../../locales/en/forms.json';
import grid from '../../locales/en/grid.json';
import history from '../../locales/en/history.json';
import modals from '../../locales/en/modals.json';
import tasks from '../../locales/en/tasks.json';
import updates from '../../locales/en/updates.json';

/** Both catalogues whole, for the tests that compare them (the console loads parts lazily). */
export const catalogues = {
  en: { ...englishCore, admin, device, devices, files, forms, grid, history, modals, tasks, updates },
  ja: japanese,
} as const;
