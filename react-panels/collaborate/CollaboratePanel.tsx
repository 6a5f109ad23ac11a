import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { CollaborateExtension, ReviewUser } from '../../core/index.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate } from '../ViewerContext.js';
import { InvitePrompt } from './InvitePrompt.js';
import { NamePrompt } from './NamePrompt.js';
import { VideoCall } from './VideoCall.js';
import { useCollaborate } from './useCollaborate.js';

const PANEL_WIDTH = 300;
const PANEL_MAX_HEIGHT = 460;
const NO_FOLLOW = atom(true);

/**
 * The live review panel (spec 001 §2 "Live review UI"): before joining, the name prompt; then the users
 * (colour, name, who holds control), following or not, the chat history and its input ('Type a message',
 * Enter sends a text that is not empty), Invite, and the video call. Closing the panel hangs up and
 * leaves (the extension follows the panel).
 */
export function CollaboratePanel() {
  const t = useTranslate();
  const review = useCollaborate();
  const phase = useStore(review?.$phase ?? atom('prompt'));
  if (!review) return null;
  return (
    <DockingPanel id="collaborate" title={t('Live review', 'Live review')} placement={{ right: 12, top: 12, width: PANEL_WIDTH, maxHeight: PANEL_MAX_HEIGHT }} resizable className="dv-review">
      <div className="dv-review-body">
        {phase === 'prompt' && <NamePrompt invited={review.isInvited()} onSubmit={(name) => void review.start(name)} />}
        {phase === 'connecting' && (
          <p className="dv-review-status" role="status">
            {t('Connecting…', 'Connecting…')}
          </p>
        )}
        {phase === 'joined' && <JoinedReview review={review} />}
      </div>
    </DockingPanel>
  );
}

function JoinedReview({ review }: { review: CollaborateExtension }) {
  const t = useTranslate();
  const users = useStore(review.client.$users);
  const controller = useStore(review.client.$controller);
  const follows = useStore(review.camera?.$followsCamera ?? NO_FOLLOW);
  const status = useStore(review.client.$status);
  const [inviting, setInviting] = useState(false);
  const self = review.client.userId;
  const inControl = controller === self;
  return (
    <>
      <ul className="dv-review-users" aria-label={t('Participants', 'Participants')}>
        {users.map((user) => (
          <UserRow key={user.id} user={user} isSelf={user.id === self} inControl={user.id === controller} review={review} />
        ))}
      </ul>
      {status !== 'joined' && (
        <p className="dv-review-status" role="status">
          {t('Reconnecting…', 'Reconnecting…')}
        </p>
      )}
      <div className="dv-review-control">
        <span className="dv-review-role" data-role={inControl ? 'in-control' : 'following'}>
          {inControl ? t('You are in control', 'You are in control') : follows ? t('Following', 'Following') : t('Camera disconnected', 'Camera disconnected')}
        </span>
        {!inControl && (
          <button type="button" className="dv-review-follow" aria-pressed={follows} onClick={() => review.camera?.setFollowsCamera(!follows)}>
            {follows ? t('Disconnect camera', 'Disconnect camera') : t('Follow camera', 'Follow camera')}
          </button>
        )}
      </div>
      <VideoCall review={review} />
      <ChatHistory review={review} />
      <ChatInput review={review} />
      <div className="dv-review-actions">
        <button type="button" className="dv-review-invite-button" onClick={() => setInviting(!inviting)} aria-expanded={inviting}>
          {t('Invite', 'Invite')}
        </button>
      </div>
      {inviting && <InvitePrompt review={review} onClose={() => setInviting(false)} />}
    </>
  );
}

function UserRow({ user, isSelf, inControl, review }: { user: ReviewUser; isSelf: boolean; inControl: boolean; review: CollaborateExtension }) {
  const t = useTranslate();
  const callStatus = useStore(review.call?.$status ?? atom('idle'));
  return (
    <li className="dv-review-user" data-user={user.id} data-in-control={inControl}>
      <span className="dv-review-swatch" style={{ background: user.color }} aria-hidden="true" />
      <span className="dv-review-user-name">{isSelf ? `${user.name} (${t('you', 'you')})` : user.name}</span>
      {inControl && <span className="dv-review-badge">{t('In control', 'In control')}</span>}
      {!isSelf && review.call && callStatus === 'idle' && (
        <button type="button" className="dv-review-call" onClick={() => void review.call?.call(user.id)} aria-label={`${t('Video call', 'Video call')}: ${user.name}`}>
          {t('Video call', 'Video call')}
        </button>
      )}
    </li>
  );
}

/** The chat so far, as text (never as HTML: React escapes it), scrolled to the last message. */
function ChatHistory({ review }: { review: CollaborateExtension }) {
  const t = useTranslate();
  const chat = useStore(review.client.$chat);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [chat.length]);
  return (
    <ol ref={list} className="dv-review-chat" aria-label={t('Chat', 'Chat')} aria-live="polite">
      {chat.map((entry) => (
        <li key={entry.id} className="dv-review-message" data-from={entry.from}>
          <span className="dv-review-from">{entry.name}</span>
          <span className="dv-review-text">{entry.msg}</span>
        </li>
      ))}
    </ol>
  );
}

/** Spec 001 §5: Enter sends when the input is not empty; '/nick name' renames (and is not shown). */
function ChatInput({ review }: { review: CollaborateExtension }) {
  const t = useTranslate();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key !== 'Enter' || !text.trim()) return;
    event.preventDefault();
    const sent = text;
    setText('');
    void review.sendChat(sent);
  };
  return (
    <input
      className="dv-field dv-review-input"
      placeholder={t('Type a message', 'Type a message')}
      aria-label={t('Type a message', 'Type a message')}
      value={text}
      maxLength={2000}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
