import { useMemo } from 'react';
import { DeviceList } from '../../features/devices/DeviceList.tsx';
import { TagView } from '../../features/tags/TagView.tsx';

/** /tag/{id} (spec §2): the tags feature's page with the devices feature's list of the tag's devices. */
export default function TagPage() {
  return <TagView devices={(tagId) => <TagDevices tagId={tagId} />} />;
}

function TagDevices({ tagId }: { tagId: number }) {
  const scope = useMemo(() => ({ tag_id: tagId }), [tagId]);
  return <DeviceList scope={scope} />;
}
