import { TemplatesList } from './TemplatesList.tsx';

/** /device-configuration (spec §2 Device configuration, Saved configurations; issue 22): the configuration templates. */
export default function DeviceConfigurationPage() {
  return <TemplatesList />;
}
