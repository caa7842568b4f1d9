-- Parley's relational schema (D1). The single source of truth: applied idempotently on
-- every `npm run dev` start and in every test run, so every statement is IF NOT EXISTS.
-- Messages are not here: each conversation's log lives in its ConversationHub.

CREATE TABLE IF NOT EXISTS users (
  user_id        INTEGER PRIMARY KEY AUTOINCREMENT,
  account        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  realname       TEXT NOT NULL,
  password_hash  TEXT NOT NULL,
  avatar         TEXT NOT NULL DEFAULT '',
  email          TEXT NOT NULL DEFAULT '',
  sex            INTEGER NOT NULL DEFAULT 2,          -- 0 female, 1 male, 2 unknown
  motto          TEXT NOT NULL DEFAULT '',
  role           INTEGER NOT NULL DEFAULT 0,          -- 0 user, 1 super admin, 2 admin
  is_auth        INTEGER NOT NULL DEFAULT 0,          -- account verified by a code
  status         INTEGER NOT NULL DEFAULT 1,          -- 1 active, 0 disabled
  token_version  INTEGER NOT NULL DEFAULT 0,          -- bumped to invalidate older tokens
  is_demo        INTEGER NOT NULL DEFAULT 0,
  register_ip    TEXT NOT NULL DEFAULT '',
  last_login_ip  TEXT NOT NULL DEFAULT '',
  last_login_time INTEGER NOT NULL DEFAULT 0,
  login_count    INTEGER NOT NULL DEFAULT 0,
  create_time    INTEGER NOT NULL,
  update_time    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS users_register_ip ON users (register_ip, create_time);
-- Workers read recent changes (password, status, profile) once a second to drop cached tokens.
CREATE INDEX IF NOT EXISTS users_update_time ON users (update_time);

-- Logged-out sessions (`jti` holds the session id every renewed token of a login shares), kept
-- until no token of theirs can be valid, then swept by the next logout. Workers follow new rows by
-- rowid, so a sweep of expired rows must never delete the row with the highest rowid.
CREATE TABLE IF NOT EXISTS token_revocations (
  jti        TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS token_revocations_expires ON token_revocations (expires_at);

-- Password and code guesses, counted before they are checked (services/login-rules.ts): per
-- account + IP pair ('pair:["<account>","<ip>"]'), per account ('acct:<account>'), per IP ('ip:<ip>').
CREATE TABLE IF NOT EXISTS login_guesses (
  key        TEXT PRIMARY KEY,
  guesses    INTEGER NOT NULL,
  last_at    INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_guesses_expires ON login_guesses (expires_at);
-- Account + IP pairs that logged in: the account's ceiling on guesses does not apply to them.
CREATE TABLE IF NOT EXISTS login_trusted (
  key        TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
-- Replaced by login_guesses (the old lock per account and per IP let anyone lock anyone out).
DROP TABLE IF EXISTS login_failures;

-- Verification codes: only a hash of the code is stored. `account` is the normalised address
-- (services/verification.ts codeAddress: an email lower-cased, a phone number's digits).
CREATE TABLE IF NOT EXISTS verification_codes (
  account    TEXT NOT NULL COLLATE NOCASE,
  type       INTEGER NOT NULL,
  code_hash  TEXT NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  sent_at    INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (account, type)
);

-- Codes sent per window (db/verification-codes.ts): `scope` is 'to:<address>' (one UTC day) or
-- 'all' (one hour); each claim is one conditional upsert, so a parallel burst cannot pass a cap.
CREATE TABLE IF NOT EXISTS code_sends (
  scope      TEXT NOT NULL,
  slot       INTEGER NOT NULL,
  sent       INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (scope, slot)
);
CREATE INDEX IF NOT EXISTS code_sends_expires ON code_sends (expires_at);

-- Development-only mailbox: where codes go when DEV_MAILBOX is on (no SMS or mail offline).
CREATE TABLE IF NOT EXISTS dev_mailbox (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  account    TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Invitation codes for invite-only registration (regtype 2). invite_codes: codes an operator wrote
-- by hand before the console (no limit on uses); invitations: the console's, each with a number of
-- uses (0: any) and a revocation, one use taken by each registration it lets in.
CREATE TABLE IF NOT EXISTS invite_codes (
  code       TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS invitations (
  code        TEXT PRIMARY KEY,
  max_uses    INTEGER NOT NULL,
  uses        INTEGER NOT NULL DEFAULT 0,
  expires_at  INTEGER NOT NULL,
  revoked     INTEGER NOT NULL DEFAULT 0,
  created_by  INTEGER NOT NULL,
  create_time INTEGER NOT NULL
);

-- Global configuration rows: sysInfo, chatInfo, fileUpload (JSON objects, merged over defaults).
CREATE TABLE IF NOT EXISTS config (
  name        TEXT PRIMARY KEY,
  value       TEXT NOT NULL,
  update_time INTEGER NOT NULL
);

-- Uploaded files: bytes in R2 under a server-generated key; the conversation decides who may read.
CREATE TABLE IF NOT EXISTS files (
  file_id         INTEGER PRIMARY KEY AUTOINCREMENT,
  r2_key          TEXT NOT NULL,             -- forwarded copies share the bytes
  user_id         INTEGER NOT NULL,
  conversation_id TEXT NOT NULL DEFAULT '',
  cate            INTEGER NOT NULL,                  -- 1 doc, 2 image, 3 audio, 4 video, 9 other
  name            TEXT NOT NULL,
  ext             TEXT NOT NULL,
  mime            TEXT NOT NULL,
  size            INTEGER NOT NULL,
  width           INTEGER NOT NULL DEFAULT 0,
  height          INTEGER NOT NULL DEFAULT 0,
  duration        INTEGER NOT NULL DEFAULT 0,
  create_time     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS files_conversation ON files (conversation_id);
CREATE INDEX IF NOT EXISTS files_r2_key ON files (r2_key);

-- Presence for contact lists: written by each user's UserHub when its first socket opens
-- and its last one closes.
CREATE TABLE IF NOT EXISTS presence (
  user_id    INTEGER PRIMARY KEY,
  online     INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Where each user last logged in from (Cloudflare's request.cf; '' when unknown, as offline),
-- shown on their card to others while sysInfo.ipregion is '1'.
CREATE TABLE IF NOT EXISTS login_places (
  user_id    INTEGER PRIMARY KEY,
  country    TEXT NOT NULL DEFAULT '',
  region     TEXT NOT NULL DEFAULT '',
  city       TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
);

-- Friends and friend requests (reference §1.5): one row per direction. A request is the asker's
-- row (create_user → friend_user_id, is_invite 1, status 2 pending); accepting sets it to 1 and
-- writes the addressee's row back (status 1). Two people are friends when both rows say 1.
-- `nickname` is the row owner's remark name for the other; `remark` the request's verification text.
CREATE TABLE IF NOT EXISTS friends (
  friend_id      INTEGER PRIMARY KEY AUTOINCREMENT,
  create_user    INTEGER NOT NULL,
  friend_user_id INTEGER NOT NULL,
  status         INTEGER NOT NULL,                    -- 0 declined, 1 friends, 2 pending
  nickname       TEXT NOT NULL DEFAULT '',
  remark         TEXT NOT NULL DEFAULT '',
  is_invite      INTEGER NOT NULL DEFAULT 0,          -- 1: a request the owner sent (friend/index lists these)
  create_time    INTEGER NOT NULL,
  update_time    INTEGER NOT NULL,
  UNIQUE (create_user, friend_user_id)
);
-- Requests to me (pending count, newest time, the "received" list) and requests I sent.
CREATE INDEX IF NOT EXISTS friends_to_me ON friends (friend_user_id, is_invite, status, create_time);
CREATE INDEX IF NOT EXISTS friends_sent ON friends (create_user, is_invite, create_time);

-- Groups (issue 13). The group's ConversationHub (`group-N`) is the source of truth for its
-- members, roles, mutes, name, notice and settings; these two tables are its projection, written
-- by the hub through its outbox (worker/db/group-projection.ts), so they converge after an eviction.
-- `groups` hands out N; `group_members` answers "which groups am I in" for getContacts.
CREATE TABLE IF NOT EXISTS groups (
  group_id    INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL DEFAULT '',
  owner_id    INTEGER NOT NULL,
  avatar      TEXT NOT NULL DEFAULT '',
  create_time INTEGER NOT NULL,
  status      INTEGER NOT NULL DEFAULT 1,             -- 1 live, 0 dissolved
  setting     TEXT NOT NULL DEFAULT '{}'              -- JSON, as the hub holds it (reference §5.2)
);
CREATE TABLE IF NOT EXISTS group_members (
  group_id INTEGER NOT NULL,
  user_id  INTEGER NOT NULL,
  role     INTEGER NOT NULL,                          -- 1 owner, 2 admin, 3 member
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS group_members_by_user ON group_members (user_id);

-- Web Push subscriptions (docs/notifications.md): one row per browser, its endpoint unique (a
-- browser that subscribes for another account moves to it). `session_id` is the login that
-- subscribed, so its logout removes it; `lang` and `origin` shape the notifications it is sent.
CREATE TABLE IF NOT EXISTS push_subscriptions (
  user_id     INTEGER NOT NULL,
  device_id   TEXT NOT NULL DEFAULT '',
  session_id  TEXT NOT NULL DEFAULT '',
  endpoint    TEXT NOT NULL UNIQUE,
  p256dh      TEXT NOT NULL,
  auth        TEXT NOT NULL,
  lang        TEXT NOT NULL DEFAULT 'vi',
  origin      TEXT NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions (user_id, created_at);

-- How long the login behind a Web Push subscription lasts (issue 35): `expires_at` is the expiry of
-- its newest token (set at subscribe, moved on at each renewal). A subscription whose login has
-- expired, has no row here, or is revoked (token_revocations) is pushed nothing and deleted.
CREATE TABLE IF NOT EXISTS push_sessions (
  session_id  TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS push_sessions_user ON push_sessions (user_id);

-- The operators' audit trail (issue 25): one row per console action, appended and never edited.
-- `before` and `after` are JSON of what the action changed (no password, no hash).
CREATE TABLE IF NOT EXISTS audit_log (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  actor_id    INTEGER NOT NULL,
  action      TEXT NOT NULL,
  target      TEXT NOT NULL DEFAULT '',
  before      TEXT NOT NULL DEFAULT '',
  after       TEXT NOT NULL DEFAULT '',
  create_time INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_log_time ON audit_log (create_time);

-- Announcements (issue 25 item 8): a super admin's notices to every user, shown in the app
-- (Mine → Announcements) and pushed live to everyone online; `status` 0 once deleted.
CREATE TABLE IF NOT EXISTS announcements (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  title       TEXT NOT NULL,
  content     TEXT NOT NULL,
  author_id   INTEGER NOT NULL,
  status      INTEGER NOT NULL DEFAULT 1,
  create_time INTEGER NOT NULL,
  update_time INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS announcements_live ON announcements (status, id);

-- Reports of messages (issue 25 item 6): a member reports a message they can see, with a reason;
-- `context` keeps the message and up to two before and after as the reporter saw them (JSON), so
-- an operator reads only what was reported. status: 0 open, 1 dismissed, 2 message hidden,
-- 3 sender disabled.
CREATE TABLE IF NOT EXISTS reports (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  reporter_id  INTEGER NOT NULL,
  conversation TEXT NOT NULL,
  seq          INTEGER NOT NULL,
  sender_id    INTEGER NOT NULL,
  reason       TEXT NOT NULL,
  note         TEXT NOT NULL DEFAULT '',
  context      TEXT NOT NULL,
  status       INTEGER NOT NULL DEFAULT 0,
  handled_by   INTEGER NOT NULL DEFAULT 0,
  handled_at   INTEGER NOT NULL DEFAULT 0,
  create_time  INTEGER NOT NULL,
  UNIQUE (reporter_id, conversation, seq)
);
CREATE INDEX IF NOT EXISTS reports_queue ON reports (status, id);

-- Messages sent per UTC day ('YYYY-MM-DD') for the console's overview chart (issue 25 item 3). Each
-- ConversationHub's alarm counts the messages it has not counted yet and adds them here
-- (durable/message-days.ts), so the counts trail the sends by up to the alarm's delay. A day is
-- one row however many conversations add to it.
CREATE TABLE IF NOT EXISTS message_days (
  day      TEXT PRIMARY KEY,
  messages INTEGER NOT NULL DEFAULT 0
);

-- An operator's notes on a user (issue 25 item 4): a private remark and the customer-service
-- agent assigned to them (cs_uid, 0 none; reference §8.2). A table of its own because this file is
-- applied idempotently and D1 has no ADD COLUMN IF NOT EXISTS to extend `users` with.
CREATE TABLE IF NOT EXISTS user_notes (
  user_id     INTEGER PRIMARY KEY,
  remark      TEXT NOT NULL DEFAULT '',
  cs_uid      INTEGER NOT NULL DEFAULT 0,
  update_time INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS user_notes_cs ON user_notes (cs_uid);

-- The original web client's preferences (issue 27, reference `enterprise/im/setting`): theme,
-- send key, sound, round avatars, hidden names and times, as JSON; its login answers them.
CREATE TABLE IF NOT EXISTS user_settings (
  user_id     INTEGER PRIMARY KEY,
  setting     TEXT NOT NULL,
  update_time INTEGER NOT NULL
);

-- Where registration's automatic extras stand (chatInfo.autoAddUser / autoAddGroup): the next
-- customer-service turn ('cs_turn'), the current auto group ('group_id') and how many were made
-- ('group_num'). The reference keeps these in config.autoTask.
CREATE TABLE IF NOT EXISTS auto_add_state (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
