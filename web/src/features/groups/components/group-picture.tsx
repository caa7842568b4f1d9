// The group's picture on its page: for whoever may change it (the name's rule), a button that
// picks an image, crops it square (the profile's cropper) and uploads it; otherwise the picture.
import { type ChangeEvent, useRef, useState } from 'react';

import { AVATAR_EXT, AVATAR_MAX_MB } from '@protocol/people';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { AvatarCropDialog } from '../../profile';
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
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const picture = (
    <GroupAvatar groupKey={info.id} members={members} name={info.displayName} size={SIZE} src={info.avatar} />
  );
  if (!canChange) return picture;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!file.type.startsWith('image/') && !(AVATAR_EXT as readonly string[]).includes(extension))
      return showToast(t('groups.picture.notImage'));
    setPicked(file);
  };
  const upload = async (cropped: Blob) => {
    setPicked(null);
    if (cropped.size > AVATAR_MAX_MB * 1024 * 1024)
      return showToast(t('groups.picture.tooLarge', { mb: AVATAR_MAX_MB }));
    setBusy(true);
    try {
      await afterGroupChange(info.id, uploadGroupPicture(info.id, cropped));
      showToast(t('groups.picture.changed'));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* The button lies over the picture rather than holding it: the collage's letters are seen
          text, and a name that replaced them would not contain them (WCAG 2.5.3, label in name). */}
      <span className="relative shrink-0">
        {picture}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-label={t('groups.picture.change')}
          className="absolute inset-0 rounded-md disabled:bg-white/40"
        />
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          onChange={pick}
          tabIndex={-1}
          aria-hidden="true"
        />
      </span>
      {picked && (
        <AvatarCropDialog
          file={picked}
          onCropped={(cropped) => void upload(cropped)}
          onCancel={() => setPicked(null)}
        />
      )}
    </>
  );
}
