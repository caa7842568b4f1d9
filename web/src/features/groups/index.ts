// The groups feature's public face: the group screens' content, what the chat screen shows of a
// group (member count, why I cannot speak) and the group addresses. Depends on chat and qr only
// through their index.ts; chat never imports this.
export { AddMembers } from './components/add-members';
export { CreateGroup } from './components/create-group';
export { GroupChatPicture } from './components/group-chat-picture';
export { GroupChats } from './components/group-chats';
export { GroupInfoView } from './components/group-info-view';
export { GroupOverview, GroupSettings } from './components/group-sections';
export { JoinGroupCard } from './components/join-group-card';
export { MemberListView } from './components/member-list-view';
export {
  useCanOpenProfiles,
  useMemberCountText,
  useMemberNames,
  useMentionCandidates,
  useSpeakBlock,
} from './hooks/use-speak-block';
export { addMembersPath, createGroupPath, groupInfoPath, groupUsersPath } from './paths';
export { groupCardChanged, groupChanged, groupJoined, groupLeft, groupsReconnected } from './state/group-live';
