// The call page (/pages/message/call?msg_id&type&status&id&name&avatar, the only page
// whose parameter names show). The call itself lives in the app-level call store; the query
// only names who is on the other end until the store has it.
import { useSearchParams } from 'react-router';

import { CallScreen } from '../../features/calls';
import { useIsDesktop } from '../wide-screen';

export default function CallRoute() {
  const [params] = useSearchParams();
  return (
    <CallScreen peerName={params.get('name') ?? ''} peerAvatar={params.get('avatar') ?? ''} wide={useIsDesktop()} />
  );
}
