/**
 * POST /devices/config-templates/from-device (Save as template; issue 22): the device's reported
 * settings saved as a template of its company and model family, without secrets, its host name
 * or LAN address (409 at `name`: the company has one of that name; 422 at `device_id`: nothing
 * reported yet). Sent by the form engine (the Save as template form): this names its address.
 */
export const SAVE_TEMPLATE_URL = '/devices/config-templates/from-device';
