// Build identity shown on the about page (spec §1: version 1.0.6, code 106).
export const APP_VERSION = '1.0.6';
export const APP_VERSION_CODE = 106;
