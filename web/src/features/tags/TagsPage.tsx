import { TagsList } from './TagsList.tsx';

/** /tags (spec §2): the tags of every company the signed-in user sees. */
export default function TagsPage() {
  return <TagsList />;
}
