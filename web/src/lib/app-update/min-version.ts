// The reference's "forcibly" update type: the operator names, in getSystemInfo's
// `sysInfo.minVersion`, the oldest client version the server still talks to; an app below it shows
// the upgrade popup without Later. The comparison is the protocol's, which the console's setting
// obeys too (no minimum above the version deployed).
export { isBelow } from '@protocol/version';
