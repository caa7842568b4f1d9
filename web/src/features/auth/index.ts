// The auth feature's public face: the sign-in, registration and sign-out pieces the screens use.
export { DemoAccountsNote } from './components/demo-accounts-note';
export { LoginForm } from './components/login-form';
export { LogoutAllButton } from './components/logout-all-button';
export { LogoutButton } from './components/logout-button';
export { RegisterForm } from './components/register-form';
// The account pages (features/profile) send codes to the current and a new account.
export { CODE_PURPOSE } from './api/code-purpose';
export { SendCodeButton } from './components/send-code-button';
