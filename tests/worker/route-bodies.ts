// The body schema each POST route parses (from worker/protocol), for route-fuzz.test.ts: its
// generated bodies carry the route's own field names and the values its schema names, so they get
// past the first validation. route-fuzz fails on a POST route missing here, as route-matrix does on
// a route without a rule, so a new endpoint's body is fuzzed from the day it is added.
import type * as v from 'valibot';

import {
  EditPasswordBody,
  GetUserInfoBody,
  LoginBody,
  RegisterBody,
  SendCodeBody,
  UpdateUserInfoBody,
  UserSettingBody,
} from '@protocol/account';
import { IceServersBody, SendToMsgBody } from '@protocol/calls';
import * as group from '@protocol/groups';
import * as manage from '@protocol/manage';
import * as im from '@protocol/messages';
import * as people from '@protocol/people';
import { PushSettingBody, PushSubscribeBody, PushUnsubscribeBody } from '@protocol/push';

import { FilesIndexBody } from '../../worker/compat/files';

/** `null`: the route reads no body (or only a multipart one, fuzzed on its own). */
export const ROUTE_BODIES: Record<string, v.GenericSchema | null> = {
  'POST /common/pub/binduid': null,
  'POST /common/pub/bindgroup': null,
  'POST /common/pub/offline': null,
  'POST /common/pub/getsysteminfo': null,
  'POST /common/pub/login': LoginBody,
  'POST /common/pub/logout': null,
  'POST /common/pub/logoutall': null,
  'POST /common/pub/register': RegisterBody,
  'POST /common/pub/sendcode': SendCodeBody,
  'POST /common/pub/wsticket': im.WsTicketBody,
  'POST /common/push/publickey': null,
  'POST /common/push/subscribe': PushSubscribeBody,
  'POST /common/push/unsubscribe': PushUnsubscribeBody,
  'POST /common/push/setting': PushSettingBody,
  'POST /manage/index/index': null,
  'POST /manage/index/publishnotice': manage.ManagePublishNoticeBody,
  'POST /manage/index/delnotice': manage.ManageNoticeIdBody,
  'POST /manage/index/noticelist': manage.NoticeListBody,
  'POST /enterprise/im/announcements': manage.NoticeListBody,
  'POST /manage/user/index': manage.ManageUserListBody,
  'POST /manage/user/detail': manage.ManageUserIdBody,
  'POST /manage/user/add': manage.ManageAddUserBody,
  'POST /manage/user/edit': manage.ManageEditUserBody,
  'POST /manage/user/setstatus': manage.ManageSetStatusBody,
  'POST /manage/user/setrole': manage.ManageSetRoleBody,
  'POST /manage/user/editpassword': manage.ManageEditPasswordBody,
  'POST /manage/user/del': manage.ManageUserIdBody,
  'POST /manage/audit/index': manage.ManageAuditListBody,
  'POST /manage/group/index': manage.ManageGroupListBody,
  'POST /manage/group/users': group.GroupIdBody,
  'POST /manage/group/addgroupuser': group.GroupUsersBody,
  'POST /manage/group/delgroupuser': group.GroupUserBody,
  'POST /manage/group/setmanager': group.SetManagerBody,
  'POST /manage/group/changeowner': group.GroupUserBody,
  'POST /manage/group/del': group.GroupIdBody,
  'POST /manage/group/clearmessage': manage.ManageGroupClearBody,
  'POST /manage/config/getallconfig': null,
  'POST /manage/config/setconfig': manage.ManageSetConfigBody,
  'POST /manage/config/getinvitelink': null,
  'POST /manage/config/sendtestemail': manage.ManageTestEmailBody,
  'POST /manage/invite/index': manage.ManageInviteListBody,
  'POST /manage/invite/add': manage.ManageInviteAddBody,
  'POST /manage/invite/revoke': manage.ManageInviteCodeBody,
  'POST /manage/report/index': manage.ManageReportListBody,
  'POST /manage/report/dismiss': manage.ManageReportIdBody,
  'POST /manage/report/hide': manage.ManageReportIdBody,
  'POST /manage/report/disablesender': manage.ManageReportIdBody,
  'POST /enterprise/im/reportmessage': manage.ReportMessageBody,
  'POST /common/upload/uploadfile': im.UploadMessage, // the multipart form's `message`
  'POST /common/upload/uploadavatar': null,
  'POST /common/upload/uploadimage': null,
  'POST /enterprise/files/index': FilesIndexBody,
  'POST /enterprise/im/setting': UserSettingBody,
  'POST /enterprise/im/getuserinfo': GetUserInfoBody,
  'POST /enterprise/im/updateuserinfo': UpdateUserInfoBody,
  'POST /enterprise/im/editpassword': EditPasswordBody,
  'POST /enterprise/im/editaccount': people.EditAccountBody,
  'POST /enterprise/im/getqrcode': null,
  'POST /scan/u/:token': people.ScanBody,
  'POST /scan/g/:token': null,
  'POST /enterprise/im/getcontacts': null,
  'POST /enterprise/im/getcontactinfo': im.ContactInfoBody,
  'POST /enterprise/im/searchuser': people.SearchUserBody,
  'POST /enterprise/im/userlist': people.UserListBody,
  'POST /enterprise/friend/add': people.FriendAddBody,
  'POST /enterprise/friend/index': people.FriendIndexBody,
  'POST /enterprise/friend/update': people.FriendUpdateBody,
  'POST /enterprise/friend/del': people.FriendDelBody,
  'POST /enterprise/friend/setnickname': people.FriendNicknameBody,
  'POST /enterprise/friend/getapplymsg': null,
  'POST /enterprise/im/setchattop': im.ChatTopBody,
  'POST /enterprise/im/isnotice': im.ChatNoticeBody,
  'POST /enterprise/im/delchat': im.DelChatBody,
  'POST /enterprise/im/sendmessage': im.SendMessageBody,
  'POST /enterprise/im/getmessagelist': im.GetMessageListBody,
  'POST /enterprise/im/setmsgisread': im.SetMsgIsReadBody,
  'POST /enterprise/im/undomessage': im.UndoMessageBody,
  'POST /enterprise/im/editmessage': im.EditMessageBody,
  'POST /enterprise/im/reactmessage': im.ReactMessageBody,
  'POST /enterprise/im/forwardmessage': im.ForwardMessageBody,
  'POST /enterprise/im/sendtomsg': SendToMsgBody,
  'POST /enterprise/im/iceservers': IceServersBody,
  'POST /enterprise/im/callmeeting': IceServersBody,
  'POST /enterprise/group/add': group.GroupAddBody,
  'POST /enterprise/group/groupinfo': group.GroupInfoBody,
  'POST /enterprise/group/groupuserlist': group.GroupUserListBody,
  'POST /enterprise/group/addgroupuser': group.GroupUsersBody,
  'POST /enterprise/group/removeuser': group.GroupUserBody,
  'POST /enterprise/group/setmanager': group.SetManagerBody,
  'POST /enterprise/group/changeowner': group.GroupUserBody,
  'POST /enterprise/group/editgroupname': group.EditGroupNameBody,
  'POST /enterprise/group/setnotice': group.SetNoticeBody,
  'POST /enterprise/group/groupsetting': group.GroupSettingBody,
  'POST /enterprise/group/setnospeak': group.SetNoSpeakBody,
  'POST /enterprise/group/banned': group.SetNoSpeakBody,
  'POST /enterprise/group/removegroup': group.GroupIdBody,
  'POST /enterprise/group/clearmessage': group.GroupIdBody,
  'POST /enterprise/group/resetqrcode': group.GroupIdBody,
  'POST /enterprise/group/setnickname': group.SetGroupNicknameBody,
  'POST /enterprise/group/uploadavatar': group.GroupIdBody, // the multipart form's `id`
  'POST /enterprise/group/getalluser': group.GetAllUserBody,
  'POST /enterprise/group/joingroup': group.JoinGroupBody,
  'POST /dev/dropsockets': null,
};

/** The parts of a valibot schema this reads (valibot keeps them on the schema object). */
export interface SchemaNode {
  type: string;
  kind: string;
  entries?: Record<string, SchemaNode>;
  options?: unknown[];
  literal?: unknown;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  pipe?: SchemaNode[];
}

/** Every field name of the schemas above, nested objects' included. */
export function fieldNames(): string[] {
  const names = new Set<string>();
  const walk = (node: SchemaNode) => {
    for (const [name, entry] of Object.entries(node.entries ?? {})) {
      names.add(name);
      walk(entry);
    }
    for (const inner of [
      node.wrapped,
      node.item,
      ...(node.pipe?.slice(1) ?? []),
      ...((node.options ?? []) as SchemaNode[]),
    ]) {
      if (inner && typeof inner === 'object' && inner.kind === 'schema') walk(inner);
    }
  };
  for (const schema of Object.values(ROUTE_BODIES)) if (schema) walk(schema as unknown as SchemaNode);
  return [...names].sort();
}
