// Who may call each route of the Worker: one line per route, keyed `METHOD path` as Hono registers
// it (lower-case paths). route-matrix.test.ts reads the Worker's route table and fails on a route
// missing here (and on a line naming no route), so every new endpoint has to state its rule.
import { call, fetchWorker, pngBytes, textMessage, uploadFile } from './helpers';

interface Person {
  token: string;
  uid: number;
  account: string;
}

/** Messages of the group, by the ids a request names them with. */
export interface Named {
  text: { msg_id: number; id: string };
  file: { msg_id: number; url: string };
}

/**
 * What route-fixture.ts builds: `a` and `b` share a group and a one-to-one chat; the outsider is in
 * neither. `late` joined the group (history hidden) after its text and file were sent.
 */
export interface Fixture {
  a: Person;
  b: Person;
  outsider: Person;
  late: Person;
  group: string;
  groupText: { msg_id: number; id: string };
  groupFile: { msg_id: number; url: string };
  /** The group's text and file, sent before `late` joined. */
  earlier: Named;
  /** Ids of the same kinds that name nothing. */
  missing: Named;
  /** a's pending friend request to b. */
  friendRequest: { friend_id: number };
  /** A file the outsider sent a, to forward into the group. */
  outsiderFile: { msg_id: number };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A request by the outsider that names the members' conversation, message or file. */
export type OutsiderProbe = (f: Fixture, path: string) => Promise<Answer>;

/**
 * A request by the late joiner naming `named`: the messages from before they joined, or missing
 * ones. The matrix asks both and expects the same answer, with nothing of the earlier messages in it.
 */
export type LateProbe = (f: Fixture, path: string, named: Named) => Promise<Answer>;

export type Rule =
  /** Anyone, without a token (account calls, the single-page app). */
  | { access: 'public' }
  /** Anyone, and only when DEV_MAILBOX=true (never in production). */
  | { access: 'dev' }
  /** A one-time socket ticket instead of a token. */
  | { access: 'ticket' }
  /** A token; the route names no conversation, message or file (only the caller, or users). */
  | { access: 'token'; names: 'self' | 'users' }
  /**
   * A token, and outsiders naming the members' conversation, message or file are refused, changing
   * nothing. A route that answers with message content (its member's answer to an outsider probe
   * carries the group's earlier text or file) must also give `late` probes (route-matrix.test.ts).
   */
  | { access: 'token'; outsider: OutsiderProbe[]; late?: LateProbe[] }
  /**
   * The operator console (/manage): a token of a user whose role (read from D1) is an operator's;
   * an ordinary user is refused, and a `super` route refuses an admin too (route-matrix.test.ts).
   * `user` says whether it acts on a user: the body naming the super admin of the
   * operator fixture, which a plain admin must be refused with nothing changed; 'reads' (it shows
   * a user, changes nothing); or null (it names no user). A route whose body has `user_id` or
   * `user_ids` must not say null.
   */
  | { access: 'token'; operator: 'admin' | 'super'; user: OnUser };

/** What the operator matrix names (operator-fixture.ts): a plain admin acting on a super admin. */
export interface OperatorFixture {
  admin: Person;
  /** A super admin (there is another, so the last-super-admin guard is never what refuses). */
  boss: Person;
  /** An ordinary user's group with the super admin as a plain member, and one without them. */
  group: string;
  otherGroup: string;
  /** An open report of a message the super admin sent. */
  report: number;
}

export type OnUser = ((o: OperatorFixture) => Record<string, unknown>) | 'reads' | null;

const PUBLIC = { access: 'public' } as const;
const DEV = { access: 'dev' } as const;
const SELF = { access: 'token', names: 'self' } as const;
/** A console route for any operator, or for a super admin only, and what it does to a user. */
const admin = (user: OnUser): Rule => ({ access: 'token', operator: 'admin', user });
const superAdmin = (user: OnUser): Rule => ({ access: 'token', operator: 'super', user });
/** The super admin, named by id. */
const boss =
  (body: Record<string, unknown> = {}) =>
  (o: OperatorFixture) => ({ user_id: o.boss.uid, ...body });

const json =
  (body: (f: Fixture) => unknown): OutsiderProbe =>
  (f, path) =>
    call(path, body(f), { token: f.outsider.token });
const outsider = (...probes: OutsiderProbe[]): Rule => ({ access: 'token', outsider: probes });
const asLate =
  (body: (f: Fixture, named: Named) => unknown): LateProbe =>
  (f, path, named) =>
    call(path, body(f, named), { token: f.late.token });
/** A route that reveals messages: its outsider probes, then its late-joiner probes. */
const reveals = (probes: OutsiderProbe[], late: LateProbe[]): Rule => ({ access: 'token', outsider: probes, late });

/** GET /file/N as `token`: the envelope of a refusal, or which file came back. */
export async function download(url: string, token: string): Promise<Answer> {
  const res = await fetchWorker(url, { headers: { authorization: token, 'accept-language': 'en' } });
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, body: json ? await res.json() : { file: res.headers.get('content-disposition') } };
}

export const ROUTE_RULES: Record<string, Rule> = {
  'POST /common/pub/binduid': PUBLIC, // a no-op: the socket's own bindUid frame with a token binds it
  'POST /common/pub/bindgroup': PUBLIC, // a no-op: a user's socket already gets their groups' frames
  'POST /common/pub/offline': PUBLIC, // a no-op: presence follows the sockets, nobody marks another offline
  'POST /common/pub/getsysteminfo': PUBLIC,
  'POST /common/pub/login': PUBLIC,
  'POST /common/pub/logout': PUBLIC, // revokes only the token it carries, if any
  'POST /common/pub/logoutall': SELF, // ends every session of the caller
  'POST /common/pub/register': PUBLIC,
  'POST /common/pub/sendcode': PUBLIC,
  'POST /common/pub/wsticket': SELF,
  'POST /common/push/publickey': SELF,
  'POST /common/push/subscribe': SELF, // the caller's own browser
  'POST /common/push/unsubscribe': SELF, // only the caller's own row goes
  'POST /common/push/setting': SELF, // the caller's own setting
  'POST /manage/index/index': admin(null),
  'POST /manage/index/publishnotice': superAdmin(null),
  'POST /manage/index/delnotice': superAdmin(null),
  'POST /manage/index/noticelist': admin(null),
  'POST /enterprise/im/announcements': SELF, // the announcements everyone sees
  'POST /manage/user/index': admin(null),
  'POST /manage/user/detail': admin('reads'),
  'POST /manage/user/add': admin(null), // a role other than 0 only by a super admin
  'POST /manage/user/edit': admin(boss({ realname: 'Taken over', email: 'taken@example.com', remark: 'mine' })),
  'POST /manage/user/setstatus': admin(boss({ status: 0 })),
  'POST /manage/user/setrole': superAdmin(boss({ role: 0 })),
  'POST /manage/user/editpassword': admin(boss({ password: 'taken0ver' })),
  'POST /manage/user/del': admin(boss()),
  'POST /manage/audit/index': admin(null),
  'POST /manage/group/index': admin(null),
  'POST /manage/group/users': admin(null),
  'POST /manage/group/addgroupuser': admin((o) => ({ id: o.otherGroup, user_ids: [o.boss.uid] })),
  'POST /manage/group/delgroupuser': admin((o) => ({ id: o.group, user_id: o.boss.uid })),
  'POST /manage/group/setmanager': admin((o) => ({ id: o.group, user_id: o.boss.uid, role: 2 })),
  'POST /manage/group/changeowner': admin((o) => ({ id: o.group, user_id: o.boss.uid })),
  'POST /manage/group/del': admin(null),
  'POST /manage/group/clearmessage': superAdmin(null), // a group's history, audited
  'POST /manage/config/getallconfig': admin(null),
  'POST /manage/config/setconfig': superAdmin(null),
  'POST /manage/config/getinvitelink': admin(null),
  'POST /manage/config/sendtestemail': superAdmin(null),
  'POST /manage/invite/index': admin(null),
  'POST /manage/invite/add': admin(null),
  'POST /manage/invite/revoke': admin(null),
  'POST /manage/report/index': admin(null),
  'POST /manage/report/dismiss': admin(null), // settles a report, acts on nobody
  'POST /manage/report/hide': admin(null), // acts on a message
  'POST /manage/report/disablesender': admin((o) => ({ id: o.report })),
  'POST /common/upload/uploadfile': outsider((f) => uploadFile(f.outsider.token, f.group, 'in.png', pngBytes(4, 4))),
  'POST /enterprise/im/getuserinfo': { access: 'token', names: 'users' },
  'POST /enterprise/im/updateuserinfo': SELF,
  'POST /enterprise/im/editpassword': SELF,
  'POST /enterprise/im/editaccount': SELF,
  'POST /enterprise/im/getqrcode': SELF, // the caller's own card
  'POST /common/upload/uploadavatar': SELF,
  'POST /scan/u/:token': { access: 'token', names: 'users' }, // the card a signed QR token names
  'GET /scan/u/:token': PUBLIC, // a camera app opening a card's link: a redirect into the app, nothing more
  'POST /enterprise/im/getcontacts': SELF,
  'POST /enterprise/im/getcontactinfo': { access: 'token', names: 'users' },
  'POST /enterprise/im/searchuser': { access: 'token', names: 'users' },
  'POST /enterprise/im/userlist': { access: 'token', names: 'users' },
  'POST /enterprise/friend/add': { access: 'token', names: 'users' }, // my own request to a user
  'POST /enterprise/friend/index': SELF, // requests I sent or received
  // Only the addressee answers: the outsider accepting a's request to b is refused.
  'POST /enterprise/friend/update': outsider(
    json((f) => ({ friend_id: f.friendRequest.friend_id, status: 1 })),
    json((f) => ({ friend_id: f.friendRequest.friend_id, status: 0 })),
  ),
  'POST /enterprise/friend/del': { access: 'token', names: 'users' }, // only my own friendships
  'POST /enterprise/friend/setnickname': { access: 'token', names: 'users' }, // my own remark, for my friends only
  'POST /enterprise/friend/getapplymsg': SELF,
  'POST /enterprise/im/setchattop': outsider(json((f) => ({ id: f.group, is_top: 1, is_group: 1 }))),
  'POST /enterprise/im/isnotice': outsider(json((f) => ({ id: f.group, is_notice: 0, is_group: 1 }))),
  'POST /enterprise/im/delchat': outsider(json((f) => ({ id: f.group, is_group: 1 }))),
  // The late joiner's quote of an earlier message is dropped, as one of a missing message is.
  'POST /enterprise/im/sendmessage': reveals(
    [json((f) => textMessage(f.group, 'let me in'))],
    [asLate((f, m) => ({ ...textMessage(f.group, 'quoting'), pid: m.text.msg_id }))],
  ),
  'POST /enterprise/im/getmessagelist': reveals(
    [
      json((f) => ({ toContactId: f.group, is_group: 1 })),
      json((f) => ({ toContactId: f.group, type: 'all', keywords: 'members' })),
    ],
    [
      asLate((f, m) => ({ toContactId: f.group, is_group: 1, last_id: m.text.msg_id + 1 })),
      asLate((f) => ({ toContactId: f.group, type: 'all', keywords: 'members' })),
      asLate((f) => ({ toContactId: f.group, type: 'image' })),
    ],
  ),
  'POST /enterprise/im/setmsgisread': outsider(json((f) => ({ toContactId: f.group, is_group: 1 }))),
  // Also by id alone, as the original's clients recall: the server looks among the caller's chats.
  'POST /enterprise/im/undomessage': reveals(
    [json((f) => ({ toContactId: f.group, id: f.groupText.id })), json((f) => ({ id: f.groupText.id }))],
    [asLate((f, m) => ({ toContactId: f.group, id: m.text.id })), asLate((_f, m) => ({ id: m.text.id }))],
  ),
  'POST /enterprise/im/editmessage': reveals(
    [json((f) => ({ toContactId: f.group, msg_id: f.groupText.msg_id, content: 'changed' }))],
    [asLate((f, m) => ({ toContactId: f.group, msg_id: m.text.msg_id, content: 'changed' }))],
  ),
  'POST /enterprise/im/reactmessage': reveals(
    [json((f) => ({ toContactId: f.group, msg_id: f.groupText.msg_id, emoji: '👍' }))],
    [asLate((f, m) => ({ toContactId: f.group, msg_id: m.text.msg_id, emoji: '👍' }))],
  ),
  'POST /enterprise/im/reportmessage': reveals(
    [json((f) => ({ toContactId: f.group, msg_id: f.groupText.msg_id, reason: 'spam' }))],
    [asLate((f, m) => ({ toContactId: f.group, msg_id: m.text.msg_id, reason: 'spam' }))],
  ),
  'POST /enterprise/im/forwardmessage': reveals(
    [
      json((f) => ({ msg_id: f.groupFile.msg_id, toContactId: f.group, user_ids: [f.a.uid] })), // out of the group
      json((f) => ({ msg_id: f.outsiderFile.msg_id, toContactId: f.a.uid, user_ids: [f.group] })), // into the group
      json((f) => ({ msg_id: f.groupFile.msg_id, user_ids: [f.a.uid] })), // by msg_id alone, as the original's clients
    ],
    [
      asLate((f, m) => ({ msg_id: m.text.msg_id, toContactId: f.group, user_ids: [f.a.uid] })),
      asLate((f, m) => ({ msg_id: m.file.msg_id, toContactId: f.group, user_ids: [f.a.uid] })),
      asLate((f, m) => ({ msg_id: m.file.msg_id, user_ids: [f.a.uid] })),
    ],
  ),
  // Calls: only the two participants of a call signal in it; the outsider names a call id between a and b.
  'POST /enterprise/im/sendtomsg': outsider(
    json((f) => ({ id: `call-${f.a.uid}-${f.b.uid}`, toContactId: f.a.uid, event: 'hangup' })),
    json((f) => ({ id: `call-${f.a.uid}-${f.b.uid}`, toContactId: f.b.uid, event: 'offer', sdp: 'v=0\r\n' })),
  ),
  'POST /enterprise/im/iceservers': outsider(json((f) => ({ id: `call-${f.a.uid}-${f.b.uid}` }))),
  'POST /enterprise/im/callmeeting': outsider(json((f) => ({ id: `call-${f.a.uid}-${f.b.uid}` }))),
  'GET /file/:id': reveals(
    [(f) => download(f.groupFile.url, f.outsider.token)],
    [(f, _path, m) => download(m.file.url, f.late.token)],
  ),
  // The original clients' file links and panel: the same rule as /file; the panel lists the caller's own chats.
  'GET /filedown/:id': reveals(
    [(f) => download(f.groupFile.url.replace('/file/', '/filedown/'), f.outsider.token)],
    [(f, _path, m) => download(m.file.url.replace('/file/', '/filedown/'), f.late.token)],
  ),
  'POST /enterprise/files/index': SELF,
  'POST /enterprise/im/setting': SELF, // the original web client's own preferences
  'GET /avatar/:str/:s/:uid': PUBLIC, // a letter drawn from the URL's own text
  'GET /fileicon/:ext': PUBLIC, // an extension drawn from the URL's own text
  'POST /common/upload/uploadimage': SELF, // an operator's picture for the settings (original-files.test.ts refuses other users)
  // Groups: the fixture's group is a's (owner) with b; the outsider asks for everything.
  'POST /enterprise/group/add': { access: 'token', names: 'users' }, // a new group of mine, with users I name
  'POST /enterprise/group/groupinfo': outsider(json((f) => ({ group_id: f.group }))),
  'POST /enterprise/group/groupuserlist': outsider(json((f) => ({ group_id: f.group }))),
  'POST /enterprise/group/addgroupuser': outsider(json((f) => ({ id: f.group, user_ids: [f.outsider.uid] }))),
  'POST /enterprise/group/removeuser': outsider(json((f) => ({ id: f.group, user_id: f.b.uid }))),
  'POST /enterprise/group/setmanager': outsider(json((f) => ({ id: f.group, user_id: f.b.uid, role: 2 }))),
  'POST /enterprise/group/changeowner': outsider(
    json((f) => ({ id: f.group, user_id: f.outsider.uid })),
    json((f) => ({ id: f.group, user_id: f.b.uid })),
  ),
  'POST /enterprise/group/editgroupname': outsider(json((f) => ({ id: f.group, displayName: 'taken over' }))),
  'POST /enterprise/group/setnotice': outsider(json((f) => ({ id: f.group, notice: 'taken over' }))),
  'POST /enterprise/group/groupsetting': outsider(json((f) => ({ id: f.group, setting: { nospeak: 2 } }))),
  'POST /enterprise/group/setnospeak': outsider(json((f) => ({ id: f.group, user_id: f.b.uid, noSpeakTimer: 4 }))),
  'POST /enterprise/group/banned': outsider(json((f) => ({ id: f.group, user_id: f.b.uid, noSpeakTimer: 4 }))),
  'POST /enterprise/group/removegroup': outsider(json((f) => ({ id: f.group }))),
  'POST /enterprise/group/clearmessage': outsider(json((f) => ({ id: f.group }))),
  'POST /enterprise/group/resetqrcode': outsider(json((f) => ({ id: f.group }))), // retiring the join QR: a manager's only
  'POST /enterprise/group/setnickname': outsider(json((f) => ({ id: f.group, nickname: 'intruder' }))),
  'POST /enterprise/group/uploadavatar': outsider(async (f, path) => {
    const form = new FormData();
    form.set('id', f.group);
    form.set('file', new File([pngBytes(4, 4)], 'g.png'));
    const res = await fetchWorker(path, { method: 'POST', headers: { authorization: f.outsider.token }, body: form });
    return { status: res.status, body: await res.json() };
  }),
  'POST /enterprise/group/getalluser': outsider(json((f) => ({ group_id: f.group }))),
  'POST /enterprise/group/joingroup': outsider(json(() => ({ token: 'not-a-signed-token' }))), // only a signed group QR lets anyone in
  'POST /scan/g/:token': { access: 'token', names: 'users' }, // the card of the group a signed QR token names
  'GET /scan/g/:token': PUBLIC, // a camera app opening a group's link: a redirect into the app, nothing more
  'GET /wss': { access: 'ticket' }, // or, from the app's own Origin, the original client's handshake (original-client-socket.test.ts)
  'GET /dev/mailbox': DEV,
  'POST /dev/dropsockets': DEV,
  'GET /dev/ledger': DEV,
  'ALL /*': PUBLIC, // the single-page app (static assets), and the not-found answer for unknown API paths
};
