import account from './ja/account.json';
import admin from './ja/admin.json';
import auth from './ja/auth.json';
import device from './ja/device.json';
import devices from './ja/devices.json';
import files from './ja/files.json';
import forms from './ja/forms.json';
import grid from './ja/grid.json';
import history from './ja/history.json';
import modals from './ja/modals.json';
import tasks from './ja/tasks.json';
import updates from './ja/updates.json';
import ja from './ja.json';

/** The Japanese catalogue, shaped as the English one; fetched only when Japanese is used. */
export const japanese = {
  ...ja,
  account,
  admin,
  auth,
  device,
  devices,
  files,
  forms,
  grid,
  history,
  modals,
  tasks,
  updates,
};
