// The settings feature's public face: the settings page's lists and the app setting every screen reads.
export { AppSettingList } from './components/app-setting-list';
export { LanguagePicker } from './components/language-picker';
export { useAppSetting } from './hooks/use-app-setting';
