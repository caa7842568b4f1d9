// The profile feature's public face: the signed-in user's card on the "me" tab.
export { ProfileSummary } from './components/profile-summary';
