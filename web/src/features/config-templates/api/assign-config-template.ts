import { CONFIG_TEMPLATES_URL } from './list-config-templates.ts';

/**
 * POST /devices/config-templates/{id}/assign with a tag (Assign to a tag): the tag's devices at
 * this moment follow the template (422 at `tag_id`: no device of the tag, or one of another
 * model family). Sent by the form engine (the tag picker's form): this names its address.
 */
export const assignTemplateUrl = (templateId: number) => `${CONFIG_TEMPLATES_URL}/${templateId}/assign`;
