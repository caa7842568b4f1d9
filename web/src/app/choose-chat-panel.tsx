// The middle pane of the wide layout while no chat is open: what to do next, in the chat's grey.
import { ChatIcon } from '../components/ui/icons';
import { useTranslation } from '../lib/i18n';

export function ChooseChatPanel() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col items-center justify-center bg-[#ededed] px-10 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-white text-neutral-400 [&_svg]:size-10">
        <ChatIcon />
      </span>
      <h2 className="mt-5 text-[17px] font-medium text-neutral-700">{t('layout.chooseChat')}</h2>
      <p className="mt-2 max-w-xs text-[14px] leading-relaxed text-neutral-500">{t('layout.chooseChatHint')}</p>
    </div>
  );
}
