// Addresses of the group screens, with the group's key.
import { PATHS } from '../../config/paths';

const q = (key: string) => `?id=${encodeURIComponent(key)}`;
export const groupInfoPath = (key: string) => `${PATHS.groupInfo}${q(key)}`;
export const groupUsersPath = (key: string) => `${PATHS.groupUsers}${q(key)}`;
export const createGroupPath = () => `${PATHS.userSelection}?mode=group`;
export const addMembersPath = (key: string) => `${PATHS.userSelection}?mode=addMembers&id=${encodeURIComponent(key)}`;
