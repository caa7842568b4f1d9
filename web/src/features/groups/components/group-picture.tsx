// The group's picture on its page: for whoever may change it (the name's rule), a button that
// picks an image, crops it square (the profile's cropper) and uploads it; otherwise the picture.
import { useTranslation } from '@web/lib/i18n';

import { usePictureUpload } from '../../profile';
import { type GroupInfo, type GroupMember, uploadGroupPicture } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';
import { GroupAvatar } from './group-avatar';

const SIZE = 60;

export function GroupPicture({
  info,
  members,
  canChange,
}: {
  info: GroupInfo;
  members: readonly GroupMember[];
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const upload = usePictureUpload((cropped) => afterGroupChange(info.id, uploadGroupPicture(info.id, cropped)), {
    notImage: t('groups.picture.notImage'),
    tooLarge: (mb) => t('groups.picture.tooLarge', { mb }),
    changed: t('groups.picture.changed'),
  });
  const picture = (
    <GroupAvatar groupKey={info.id} members={members} name={info.displayName} size={SIZE} src={info.avatar} />
  );
  if (!canChange) return picture;

  return (
    <>
      {/* The button lies over the picture rather than holding it: the collage's letters are seen
          text, and a name that replaced them would not contain them (WCAG 2.5.3, label in name). */}
      <span className="relative shrink-0">
        {picture}
        <button
          type="button"
          onClick={upload.choose}
          disabled={upload.busy}
          aria-label={t('groups.picture.change')}
          className="absolute inset-0 rounded-md disabled:bg-white/40"
        />
        <input {...upload.inputProps} aria-hidden="true" />
      </span>
      {upload.dialog}
    </>
  );
}
