import { basename } from 'node:path';

/**
 * Whether a path is a file an editor or tool writes beside the one being edited, never a change
 * of the site: Emacs's lock (`.#x.md`) and auto-save (`#x.md#`) files, backups (`x.md~`), Vim's
 * swap files (`.x.md.swp`, `.swo`, …) and write probe (`4913`, then 4913 + 123·n), `sed -i`'s
 * temporary file (`sedAbC123`), Kate's and JetBrains' temporary files and gedit's
 * `.goutputstream-*`. A save through any of them still ends in a change of the file itself.
 */
export function isEditorTempFile(path: string): boolean {
  const name = basename(path);
  if (/^\.#|^#.*#$|~$|\.sw[a-p]$|\.kate-swp$|___jb_(?:tmp|old)___$|^\.goutputstream-|^sed[A-Za-z0-9]{6}$/.test(name)) return true;
  // Vim checks it may write in a folder by creating and deleting one of these.
  return /^\d{4,5}$/.test(name) && (Number(name) - 4913) % 123 === 0 && Number(name) >= 4913;
}
