// The settings feature's public face: the settings page's lists. (The app setting itself is in
// lib/app-setting: shared pieces such as the Avatar read it.)
export { AppSettingList } from './components/app-setting-list';
export { LanguagePicker } from './components/language-picker';
export { repostPushSubscription } from './utils/web-push';
