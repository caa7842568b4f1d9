// The original client's links of a file message, which Parley's own clients do without (they build
// `/file/N` from `file_id`): `preview` opens media in the browser (empty for other files: they
// offer the download), `download` always saves it, `extUrl` is the picture itself or an icon
// naming the extension (files.ts).

export function fileLinks(
  fileId: number,
  ext: string,
  kind: string,
): { preview: string; download: string; extUrl: string } {
  const src = `/file/${fileId}`;
  const media = kind === 'image' || kind === 'video' || kind === 'voice';
  return {
    preview: media ? src : '',
    download: `/filedown/${fileId}`,
    extUrl: kind === 'image' ? src : `/fileicon/${encodeURIComponent(ext)}`,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message as answered or pushed: it carries a `file` with its id and extension, and its `type`. */
function linksOf(value: Record<string, unknown>) {
  const file = value.file;
  if (!isRecord(file) || typeof file.file_id !== 'number' || typeof value.type !== 'string') return {};
  return fileLinks(file.file_id, typeof file.ext === 'string' ? file.ext : '', value.type);
}

/** `value` with every file message in it (at any depth) given its links. */
export function withFileLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFileLinks);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = withFileLinks(item);
  return { ...out, ...linksOf(value) };
}
