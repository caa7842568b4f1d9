// The operators' announcements, newest first, each with its title, date and text; read again
// when one is published, changed or deleted while the page is open; opening it reads the new ones.
import { useEffect, useState } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { type Announcement, fetchAnnouncements } from '../api';
import { announcementsRead, announcementsSeen } from '../store';

export function AnnouncementList() {
  const { t, i18n } = useTranslation();
  const version = announcementsSeen.use((s) => s.version);
  const [items, setItems] = useState<Announcement[] | null>(null);

  // Open, the page shows every announcement: none is left unread (a new one arriving meanwhile
  // neither), and the newest shown is remembered as seen.
  useEffect(() => announcementsRead(), [version]);
  useEffect(() => {
    if (items?.length) announcementsRead(Math.max(...items.map((a) => a.id)));
  }, [items]);
  useEffect(() => {
    let live = true;
    fetchAnnouncements().then(
      ({ items: read }) => live && setItems(read),
      () => live && setItems((old) => old ?? []),
    );
    return () => {
      live = false;
    };
  }, [version]);

  if (items === null)
    return <p className="px-4 py-10 text-center text-[15px] text-neutral-500">{t('common.loading')}</p>;
  if (items.length === 0)
    return <p className="px-4 py-10 text-center text-[15px] text-neutral-500">{t('announcements.empty')}</p>;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="space-y-3 p-3">
      {items.map((a) => (
        <li key={a.id}>
          <article className="rounded-lg bg-white px-4 py-3" aria-labelledby={`announcement-${a.id}`}>
            <h2 id={`announcement-${a.id}`} className="text-[16px] font-medium text-neutral-900">
              {a.title}
            </h2>
            <p className="mt-0.5 text-[13px] text-neutral-500">
              <time dateTime={new Date(a.create_time * 1000).toISOString()}>{date.format(a.create_time * 1000)}</time>
              {a.update_time > a.create_time && ` · ${t('announcements.edited')}`}
            </p>
            <p className="mt-2 text-[15px] leading-relaxed whitespace-pre-wrap text-neutral-800">{a.content}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
