import { FilesList } from './FilesList.tsx';

/** /management/files (spec §2 Files): every file the user sees, to upload, download, share and delete. */
export default function FilesPage() {
  return <FilesList />;
}
