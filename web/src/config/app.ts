// Build identity shown on the about page (version 1.0.6, code 106). The version is the
// protocol's, which the Worker knows too.
export { APP_VERSION } from '@protocol/version';
export const APP_VERSION_CODE = 106;
