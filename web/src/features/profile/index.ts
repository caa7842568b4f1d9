// The profile feature's public face: the signed-in user's card on the "me" tab, the profile
// page's form and the security page's password and account forms.
export { useUserInfo } from './api/get-user-info';
export { AccountForm } from './components/account-form';
export { PasswordForm } from './components/password-form';
export { ProfileForm } from './components/profile-form';
export { ProfileSummary } from './components/profile-summary';
export { securityLocked } from './utils/profile-access';
// The square cropper, and the picking, cropping and uploading of a picture around it, which a
// group's picture uses too (features/groups).
export { AvatarCropDialog } from './components/avatar-crop-dialog';
export { usePictureUpload } from './hooks/use-picture-upload';
