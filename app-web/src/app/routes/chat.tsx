import { useParams } from 'react-router-dom';
import { MatchChatScreen } from '../../features/chat';

/** /chat/:betId: the Match Chat screen; the key remounts it (history, subscription) per bet. */
export function ChatRoute() {
  const { betId = '' } = useParams();
  return <MatchChatScreen key={betId} betId={betId} />;
}
