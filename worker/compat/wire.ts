// The answer shapes only the original web client receives: its file panel's rows (with the file
// links its pages open) and the absolute URL of an operator's settings picture. Parley's own
// clients never see them, so they live here rather than in protocol/.
import * as v from 'valibot';

/** One file of the panel (enterprise/files/index): the file, the kind of message carrying it, its links, and who sent it. */
export const FileIndexEntrySchema = v.object({
  file_id: v.number(),
  name: v.string(),
  size: v.number(),
  ext: v.string(),
  cate: v.number(),
  msg_type: v.string(),
  create_time: v.number(),
  src: v.string(),
  preview: v.string(),
  download: v.string(),
  extUrl: v.string(),
  user_id_info: v.object({ user_id: v.number(), realname: v.string(), avatar: v.string() }),
});
export type FileIndexEntry = v.InferOutput<typeof FileIndexEntrySchema>;

/** common/upload/uploadImage (an operator's picture for the settings): its absolute URL. */
export const UploadedImageSchema = v.string();
export type UploadedImage = v.InferOutput<typeof UploadedImageSchema>;
